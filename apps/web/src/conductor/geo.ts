import { kmLineaRecta, type Posicion } from '@extranet/contracts/common/geo';

/** Distance in metres between two positions (great circle). */
export function distanceM(a: Posicion, b: Posicion): number {
  return kmLineaRecta(a, b) * 1000;
}

/** A ping every ~2 minutes, or sooner after 500 m (issue 17). */
export const PING_EVERY_MS = 2 * 60_000;
export const PING_EVERY_M = 500;

export interface Fix {
  lat: number;
  lng: number;
  at: number;
}

/** Whether a new position is worth a ping, given the last one kept. */
export function shouldPing(last: Fix | undefined, next: Fix): boolean {
  if (!last) return true;
  return next.at - last.at >= PING_EVERY_MS || distanceM(last, next) >= PING_EVERY_M;
}

/**
 * The navigation link to a stop: coordinates when known, else the address. A maps URL the
 * phone opens in its maps app; no call of ours.
 */
export function navigationUrl(stop: {
  lat: number | null;
  lng: number | null;
  direccion: string | null;
  cp: string | null;
  poblacion: string;
  pais_iso: string | null;
}): string {
  const destination =
    stop.lat !== null && stop.lng !== null
      ? `${stop.lat},${stop.lng}`
      : [stop.direccion, stop.cp, stop.poblacion, stop.pais_iso].filter(Boolean).join(', ');
  return `https://www.google.com/maps/dir/?api=1&travelmode=driving&destination=${encodeURIComponent(destination)}`;
}
