/** Vehicle types, stored as these codes in `vehiculos.tipo` and `cargas.tipo_vehiculo` (zod-free). */
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
