import { z } from 'zod';

/** Region codes of the company's branches (spec §3): Morocco, Turkey, Spain, Italy, Romania, Serbia. */
export const regionCodes = ['ma', 'tr', 'es', 'it', 'ro', 'rs'] as const;

/** A branch code. */
export const RegionCode = z.enum(regionCodes);
export type RegionCode = z.infer<typeof RegionCode>;

/** The region every login form preselects (spec §5). */
export const DEFAULT_REGION: RegionCode = 'es';

/** A branch as the login forms list it. */
export const Region = z.object({
  codigo: RegionCode,
  /** Display name in Spanish; Spain is shown as "Europa" (spec §3). */
  nombre: z.string(),
  activa: z.boolean(),
});
export type Region = z.infer<typeof Region>;

/** Display names used when the initial data carries no regions (spec §3: "otherwise a default list"). */
export const defaultRegionNames: Record<RegionCode, string> = {
  ma: 'Marruecos',
  tr: 'Turquía',
  es: 'Europa',
  it: 'Italia',
  ro: 'Rumanía',
  rs: 'Serbia',
};

/** The default region list, every branch active, sorted by display name. */
export const defaultRegions: Region[] = regionCodes
  .map((codigo) => ({ codigo, nombre: defaultRegionNames[codigo], activa: true }))
  .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
