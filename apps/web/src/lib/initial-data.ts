import type { InitialData, PublicConfig } from '@extranet/contracts/initial-data/initial-data';
import {
  INITIAL_DATA_ELEMENT_ID,
  INITIAL_DATA_VALIDITY_MS,
} from '@extranet/contracts/initial-data/constants';
import type { Region } from '@extranet/contracts/regiones/region';
import { defaultRegionNames, defaultRegions } from '@extranet/contracts/regiones/regions';

// The login pages read this module before anything else: it checks the document by hand instead
// of importing the contract's zod schema, which would put zod in their first download (issue 7,
// size budget); the constants come from the contracts' zod-free modules.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

function isRegion(value: unknown): value is Region {
  return (
    isRecord(value) &&
    typeof value.codigo === 'string' &&
    Object.hasOwn(defaultRegionNames, value.codigo) &&
    typeof value.nombre === 'string' &&
    typeof value.activa === 'boolean'
  );
}

function isPublicConfig(value: unknown): value is PublicConfig {
  return (
    isRecord(value) &&
    typeof value.mapsApiKey === 'string' &&
    typeof value.vapidPublicKey === 'string'
  );
}

/** The contract's `InitialData.safeParse`, by hand: unknown keys are dropped as zod does. */
function parseInitialData(json: unknown): InitialData | undefined {
  if (!isRecord(json)) return undefined;
  const { updated, generated, regiones, config } = json;
  if (!isOptionalString(updated) || !isOptionalString(generated)) return undefined;
  if (regiones !== undefined && !(Array.isArray(regiones) && regiones.every(isRegion))) {
    return undefined;
  }
  if (config !== undefined && !isPublicConfig(config)) return undefined;
  const data: InitialData = {};
  if (updated !== undefined) data.updated = updated;
  if (generated !== undefined) data.generated = generated;
  if (regiones !== undefined) {
    data.regiones = regiones.map(({ codigo, nombre, activa }) => ({ codigo, nombre, activa }));
  }
  if (config !== undefined) {
    data.config = { mapsApiKey: config.mapsApiKey, vapidPublicKey: config.vapidPublicKey };
  }
  return data;
}

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
  const parsed = parseInitialData(json);
  if (!parsed) return {};
  const stamp = parsed.updated ?? parsed.generated;
  const time = stamp === undefined ? Number.NaN : Date.parse(stamp);
  // Undated data cannot be proven fresh, so it is treated as stale.
  if (Number.isNaN(time) || now > time + INITIAL_DATA_VALIDITY_MS) return {};
  return parsed;
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
