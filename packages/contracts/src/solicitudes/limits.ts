/*
 * The rules of a transport request as plain constants, free of zod: the contract's schema
 * (`solicitud.ts`) and the web form both read them, so no bound is written twice.
 */

/** Countries a transport may be requested from or to (ISO 3166-1 alpha-2), with Spanish names. */
export const PAISES_SOLICITUD = {
  AD: 'Andorra',
  AT: 'Austria',
  BE: 'Bélgica',
  BG: 'Bulgaria',
  CH: 'Suiza',
  CZ: 'Chequia',
  DE: 'Alemania',
  DK: 'Dinamarca',
  ES: 'España',
  FR: 'Francia',
  GB: 'Reino Unido',
  GR: 'Grecia',
  HR: 'Croacia',
  HU: 'Hungría',
  IE: 'Irlanda',
  IT: 'Italia',
  LU: 'Luxemburgo',
  MA: 'Marruecos',
  NL: 'Países Bajos',
  PL: 'Polonia',
  PT: 'Portugal',
  RO: 'Rumanía',
  RS: 'Serbia',
  SE: 'Suecia',
  SI: 'Eslovenia',
  SK: 'Eslovaquia',
  TR: 'Turquía',
} as const;

/** Most packages and kilograms a request may ask for (one full truck). */
export const MAX_BULTOS_SOLICITUD = 999;
export const MAX_PESO_SOLICITUD_KG = 40_000;
/** How far ahead a load may be requested, in days. */
export const MAX_DIAS_ANTELACION_SOLICITUD = 366;

/** Length bounds of the request's texts, in characters (after trimming). */
export const POBLACION_MIN = 2;
export const POBLACION_MAX = 80;
export const DIRECCION_MAX = 120;
export const MERCANCIA_MIN = 2;
export const MERCANCIA_MAX = 200;
export const OBSERVACIONES_MAX = 1000;

/** A postal code: 3 to 10 letters or digits (stored upper case). */
export const CODIGO_POSTAL = /^[A-Za-z0-9]{3,10}$/;
