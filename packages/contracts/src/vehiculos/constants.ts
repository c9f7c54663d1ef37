/*
 * The vehicle panel's enums and limits, free of zod so that pages import them without it; the
 * schemas in `vehiculo.ts` are built from them.
 */

/** Vehicle types, stored as these codes in `vehiculos.tipo` and `cargas.tipo_vehiculo`. */
export const TIPOS_VEHICULO = [
  'lona',
  'frigorifico',
  'megatrailer',
  'rigido',
  'furgoneta',
  'cisterna',
  'portacontenedores',
  'gondola',
] as const;

/** Spanish label of each vehicle type, as the portal shows it. */
export const tipoVehiculoLabels: Record<(typeof TIPOS_VEHICULO)[number], string> = {
  lona: 'Tráiler lona',
  frigorifico: 'Frigorífico',
  megatrailer: 'Megatráiler',
  rigido: 'Camión rígido',
  furgoneta: 'Furgoneta',
  cisterna: 'Cisterna',
  portacontenedores: 'Portacontenedores',
  gondola: 'Góndola',
};

/** A licence plate as typed: letters, digits, spaces and hyphens, a letter or digit first. */
export const MATRICULA_MIN = 4;
export const MATRICULA_MAX = 15;
export const MATRICULA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** The driver's name and phone (digits, spaces, `+().-`, at least six). */
export const MAX_CONDUCTOR_NOMBRE = 120;
export const MAX_CONDUCTOR_TELEFONO = 30;
export const TELEFONO_PATTERN = /^\+?[0-9 ().-]{6,}$/;

/** Largest payload and pallet count a vehicle may declare. */
export const MAX_CAPACIDAD_KG = 60_000;
export const MAX_PALETS = 40;

/** Most vehicles the availability map returns; `truncated` says when more exist. */
export const MAX_VEHICULOS_MAPA = 500;
