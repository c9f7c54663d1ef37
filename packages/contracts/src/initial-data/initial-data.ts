import { z } from 'zod';
import { Region } from '../regiones/region.js';

// Zod-free constants live in `constants.ts`; re-exported for the existing imports.
export { INITIAL_DATA_ELEMENT_ID, INITIAL_DATA_VALIDITY_MS } from './constants.js';

/** Settings the browser needs before its first call. */
export const PublicConfig = z.object({
  /** Google Maps key; empty when maps are not configured (map views then degrade to lists). */
  mapsApiKey: z.string(),
  /** VAPID public key for Web Push; empty until push is set up. */
  vapidPublicKey: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * The document embedded in the page at start-up (spec §3 "Initial data"):
 * `updated`, `generated`, and one entry per requested key.
 */
export const InitialData = z.object({
  /** ISO time the data was last refreshed. */
  updated: z.string().optional(),
  /** ISO time the data was first generated. */
  generated: z.string().optional(),
  regiones: z.array(Region).optional(),
  config: PublicConfig.optional(),
});
export type InitialData = z.infer<typeof InitialData>;
