/** The zod-free data of the regions, for the login pages that must not load the schemas. */

/** Region codes of the company's branches (spec §3): Morocco, Turkey, Spain, Italy, Romania, Serbia. */
export const regionCodes = ['ma', 'tr', 'es', 'it', 'ro', 'rs'] as const;

/** A branch code (the schema is `RegionCode` in `region.ts`). */
export type RegionCodigo = (typeof regionCodes)[number];

/** The region every login form preselects (spec §5). */
export const DEFAULT_REGION: RegionCodigo = 'es';

/** Display names used when the initial data carries no regions (spec §3: "otherwise a default list"). */
export const defaultRegionNames: Record<RegionCodigo, string> = {
  ma: 'Marruecos',
  tr: 'Turquía',
  es: 'Europa',
  it: 'Italia',
  ro: 'Rumanía',
  rs: 'Serbia',
};

/** The default region list, every branch active, sorted by display name. */
export const defaultRegions: { codigo: RegionCodigo; nombre: string; activa: boolean }[] =
  regionCodes
    .map((codigo) => ({ codigo, nombre: defaultRegionNames[codigo], activa: true }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
