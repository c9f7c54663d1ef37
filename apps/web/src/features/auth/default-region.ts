import type { Region, RegionCode } from '@extranet/contracts/regiones/region';
import { DEFAULT_REGION } from '@extranet/contracts/regiones/regions';

/** Spec §5: the Spanish region by default, or the only one active when Spain is not. */
export function defaultRegion(regions: readonly Region[]): RegionCode {
  if (regions.length === 0 || regions.some((region) => region.codigo === DEFAULT_REGION)) {
    return DEFAULT_REGION;
  }
  return regions[0]?.codigo ?? DEFAULT_REGION;
}
