import type { Agent } from 'node:https';
import webpush from 'web-push';

/** What is stored of a browser's PushSubscription: enough to encrypt and deliver to it. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The notification the service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  /** Path to open when the notification is clicked. */
  url?: string;
  /** Notifications with the same tag replace each other (e.g. one per shipment). */
  tag?: string;
  /** Same-origin path of the notification's icon. */
  icon?: string;
}

/** `gone`: the push service no longer knows the subscription; it has been deleted. */
export type PushResult = 'sent' | 'gone';

/** Web Push with the server's VAPID identity. */
export interface PushService {
  /** VAPID public key (base64url), for `pushManager.subscribe({ applicationServerKey })`. */
  readonly publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushResult>;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushServiceOptions {
  keys: VapidKeys;
  /** `mailto:` or `https:` contact the push services may use (RFC 8292). */
  subject: string;
  /** Called for a subscription the push service answered 404/410 to. */
  onGone(target: PushTarget): Promise<void>;
  /** HTTPS agent for the push service requests (tests trust a local certificate with it). */
  agent?: Agent;
}

/** A fresh VAPID key pair (P-256), generated once and kept in the database. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The VAPID subject: the public URL when it is https (what push services expect), else a
 * mailto: of the sender address, since web-push refuses plain http subjects.
 */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

/** Sends encrypted (aes128gcm) notifications with VAPID authorisation through web-push. */
export function createWebPushService(options: WebPushServiceOptions): PushService {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            // A day: a notification older than that is news no longer worth showing.
            TTL: 24 * 60 * 60,
            timeout: 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        // 404/410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3).
        if (error instanceof webpush.WebPushError && [404, 410].includes(error.statusCode)) {
          await options.onGone(target);
          return 'gone';
        }
        throw error;
      }
    },
  };
}
