import type { Region, RegionCode } from '@extranet/contracts/regiones/region';

/**
 * The contract's DEFAULT_REGION (spec §5), spelt out: importing it would pull zod into the login
 * page's first download (issue 7); default-region.test.ts checks they agree.
 */
export const DEFAULT_REGION: RegionCode = 'es';

/** Spec §5: the Spanish region by default, or the only one active when Spain is not. */
export function defaultRegion(regions: readonly Region[]): RegionCode {
  if (regions.length === 0 || regions.some((region) => region.codigo === DEFAULT_REGION)) {
    return DEFAULT_REGION;
  }
  return regions[0]?.codigo ?? DEFAULT_REGION;
}
