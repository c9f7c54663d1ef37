import { z } from 'zod';

/** A browser PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscriptionJson = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

/** `POST /api/push-subscription` (and the supplier one). */
export const PushSubscribeRequest = z.object({ subscription: PushSubscriptionJson });
export type PushSubscribeRequest = z.infer<typeof PushSubscribeRequest>;

/** `POST /api/push-subscription-update`: attach a stored subscription to the signed-in user. */
export const PushSubscriptionUpdateRequest = z.object({
  subscriptionId: z.number().int().positive(),
});
export type PushSubscriptionUpdateRequest = z.infer<typeof PushSubscriptionUpdateRequest>;

/** Answer of both push calls (spec §3 "Push subscription response"). */
export const PushSubscriptionResponse = z.object({ id: z.number().int().positive() });
export type PushSubscriptionResponse = z.infer<typeof PushSubscriptionResponse>;
