/** Distance in metres between two positions (haversine). */
export function distanceM(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
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
