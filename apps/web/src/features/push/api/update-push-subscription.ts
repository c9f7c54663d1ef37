import { pushByPortal } from '@extranet/contracts/push/endpoints';
import type { PushSubscriptionResponse } from '@extranet/contracts/push/subscription';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';

/** `POST /api/push-subscription-update`: attaches the stored subscription to the new login. */
export function updatePushSubscription(
  portal: Portal,
  subscriptionId: number,
): Promise<PushSubscriptionResponse> {
  return callEndpoint(pushByPortal.reassign[portal], { body: { subscriptionId } });
}
