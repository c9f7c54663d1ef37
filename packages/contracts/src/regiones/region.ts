import { z } from 'zod';
import { regionCodes } from './regions.js';

// Zod-free data lives in `regions.ts`; re-exported for the existing imports.
export { DEFAULT_REGION, defaultRegionNames, defaultRegions, regionCodes } from './regions.js';

/** A branch code. */
export const RegionCode = z.enum(regionCodes);
export type RegionCode = z.infer<typeof RegionCode>;

/** A branch as the login forms list it. */
export const Region = z.object({
  codigo: RegionCode,
  /** Display name in Spanish; Spain is shown as "Europa" (spec §3). */
  nombre: z.string(),
  activa: z.boolean(),
});
export type Region = z.infer<typeof Region>;
