/*
 * Distance on the Earth between two positions, for the server (ETA, ping checks, demo data) and
 * the driver page (when to send a ping) alike. Zod-free: the driver page's bundle imports it.
 */

/** A position in degrees (WGS 84). */
export interface Posicion {
  lat: number;
  lng: number;
}

/** The Earth's mean radius (IUGG), in km. */
const RADIO_TIERRA_KM = 6371.0088;

/** Great-circle ("straight-line") distance in km, by the haversine formula. */
export function kmLineaRecta(a: Posicion, b: Posicion): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * RADIO_TIERRA_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
