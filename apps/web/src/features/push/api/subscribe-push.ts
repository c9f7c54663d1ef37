import { pushByPortal } from '@extranet/contracts/push/endpoints';
import type {
  PushSubscriptionJson,
  PushSubscriptionResponse,
} from '@extranet/contracts/push/subscription';
import { PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { Portal } from '../../../lib/portal';

/** `POST /api/push-subscription` (or the supplier one), 8 s: the server answers its `id`. */
export function subscribePush(
  portal: Portal,
  subscription: PushSubscriptionJson,
): Promise<PushSubscriptionResponse> {
  return callEndpoint(
    pushByPortal.subscribe[portal],
    { body: { subscription } },
    { timeoutMs: PUSH_SUBSCRIBE_TIMEOUT_MS },
  );
}
