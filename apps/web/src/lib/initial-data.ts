import {
  INITIAL_DATA_ELEMENT_ID,
  INITIAL_DATA_VALIDITY_MS,
  InitialData,
} from '@extranet/contracts/initial-data/initial-data';
import { defaultRegions, type Region } from '@extranet/contracts/regiones/region';

/**
 * The initial data the server embeds in the page (spec §3, §4), or `{}` when the element is
 * missing, its JSON is broken or invalid, or it is older than 10 hours after `updated`
 * (`generated` when there is no `updated`).
 */
export function readInitialData(doc: Document = document, now: number = Date.now()): InitialData {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  let json: unknown;
  try {
    json = JSON.parse(element.textContent);
  } catch {
    return {};
  }
  const parsed = InitialData.safeParse(json);
  if (!parsed.success) return {};
  const stamp = parsed.data.updated ?? parsed.data.generated;
  const time = stamp === undefined ? Number.NaN : Date.parse(stamp);
  // Undated data cannot be proven fresh, so it is treated as stale.
  if (Number.isNaN(time) || now > time + INITIAL_DATA_VALIDITY_MS) return {};
  return parsed.data;
}

type InitialDataEntryKey = Exclude<keyof InitialData, 'updated' | 'generated'>;

/** One entry of the (still valid) initial data; `undefined` when absent or stale. */
export function getInitialEntry<K extends InitialDataEntryKey>(
  key: K,
  data: InitialData = readInitialData(),
): InitialData[K] | undefined {
  return data[key];
}

/**
 * The regions a login form offers (spec §3): the active ones of the initial data, otherwise the
 * default list, sorted by display name (Spain shows as "Europa").
 */
export function regionOptions(initialData: InitialData = readInitialData()): Region[] {
  const active = (initialData.regiones ?? []).filter((region) => region.activa);
  const regions = active.length > 0 ? active : defaultRegions;
  return [...regions].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}
