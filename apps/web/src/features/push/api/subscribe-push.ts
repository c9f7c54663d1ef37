import {
  PushSubscriptionResponse,
  type PushSubscriptionJson,
} from '@extranet/contracts/push/subscription';
import { apiRequest, PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';

export function pushPath(portal: Portal, call: 'push-subscription' | 'push-subscription-update') {
  return portal === 'clientes' ? `/api/${call}` : `/api/proveedores/${call}`;
}

/** `POST /api/push-subscription` (or the supplier one), 8 s: the server answers its `id`. */
export function subscribePush(
  portal: Portal,
  subscription: PushSubscriptionJson,
): Promise<PushSubscriptionResponse> {
  return apiRequest('POST', pushPath(portal, 'push-subscription'), {
    body: { subscription },
    timeoutMs: PUSH_SUBSCRIBE_TIMEOUT_MS,
    schema: PushSubscriptionResponse,
  });
}
