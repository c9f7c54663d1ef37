import type { PushSubscriptionJson } from '@extranet/contracts/push/subscription';
import { readInitialData } from '../../lib/initial-data';
import type { Portal } from '../../lib/portal';
import { SERVICE_WORKER_URL } from '../../lib/service-worker';
import { readPushId, savePushId } from '../../lib/storage';
import { subscribePush } from './api/subscribe-push';
import { updatePushSubscription } from './api/update-push-subscription';

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID public key of the initial data; '' when push is not set up on the server. */
export function vapidPublicKey(): string {
  return readInitialData().config?.vapidPublicKey ?? '';
}

/** Base64url (VAPID key) to the bytes `pushManager.subscribe` wants. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/** Subscribes this browser with the VAPID key and stores the server's id (spec §7, §9). */
export async function subscribeThisBrowser(portal: Portal, vapidKey: string): Promise<void> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const ready = await navigator.serviceWorker.ready.catch(() => registration);
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(vapidKey),
    }));
  const { id } = await subscribePush(portal, subscription.toJSON() as PushSubscriptionJson);
  savePushId(portal, id);
}

/**
 * After a login: register the service worker; with a stored subscription id, attach it to the
 * new session; otherwise, when the user already allowed notifications, subscribe. Never asks
 * for permission by itself (that is the "Activar avisos" button). Failures are only logged.
 */
export async function setUpPushAfterLogin(portal: Portal): Promise<void> {
  if (!pushSupported()) return;
  try {
    const storedId = readPushId(portal);
    if (storedId !== undefined) {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      await updatePushSubscription(portal, storedId);
      return;
    }
    const vapidKey = vapidPublicKey();
    if (Notification.permission === 'granted' && vapidKey !== '') {
      await subscribeThisBrowser(portal, vapidKey);
    } else {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    }
  } catch (error) {
    console.warn('No se han podido configurar los avisos', error);
  }
}
