import { PushSubscriptionResponse } from '@extranet/contracts/push/subscription';
import { apiRequest } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { pushPath } from './subscribe-push';

/** `POST /api/push-subscription-update`: attaches the stored subscription to the new login. */
export function updatePushSubscription(
  portal: Portal,
  subscriptionId: number,
): Promise<PushSubscriptionResponse> {
  return apiRequest('POST', pushPath(portal, 'push-subscription-update'), {
    body: { subscriptionId },
    schema: PushSubscriptionResponse,
  });
}
