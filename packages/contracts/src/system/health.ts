import { z } from 'zod';

/** Answer of /healthz and /readyz when the service is fine. */
export const HealthStatus = z.object({
  status: z.literal('ok'),
});
export type HealthStatus = z.infer<typeof HealthStatus>;
