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

/** Largest payload and pallet count a vehicle may declare. */
export const MAX_CAPACIDAD_KG = 60_000;
export const MAX_PALETS = 40;

/** Most vehicles the availability map returns; `truncated` says when more exist. */
export const MAX_VEHICULOS_MAPA = 500;
