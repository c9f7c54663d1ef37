import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { TipoVehiculo } from '../vehiculos/vehiculo.js';

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

/** A country code of `PAISES_SOLICITUD` (any case in, upper case out). */
export const PaisSolicitud = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z.enum(Object.keys(PAISES_SOLICITUD) as [keyof typeof PAISES_SOLICITUD], {
      error: 'País no válido: elija uno de la lista.',
    }),
  );

/** Most packages and kilograms a request may ask for (one full truck). */
export const MAX_BULTOS_SOLICITUD = 999;
export const MAX_PESO_SOLICITUD_KG = 40_000;
/** How far ahead a load may be requested, in days. */
export const MAX_DIAS_ANTELACION_SOLICITUD = 366;

/** Status of a transport request, as the operators move it. */
export const SolicitudEstado = z.enum(['recibida', 'en_estudio', 'aceptada', 'rechazada']);
export type SolicitudEstado = z.infer<typeof SolicitudEstado>;

/** Spanish label of each request status. */
export const solicitudEstadoLabels: Record<SolicitudEstado, string> = {
  recibida: 'Recibida',
  en_estudio: 'En estudio',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
};

const Poblacion = z
  .string()
  .trim()
  .min(2, 'La población debe tener al menos 2 caracteres.')
  .max(80, 'La población no puede superar 80 caracteres.');
const Direccion = z
  .string()
  .trim()
  .max(120, 'La dirección no puede superar 120 caracteres.')
  .transform((value) => value || null)
  .nullable()
  .optional();
const CodigoPostal = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{3,10}$/, 'Código postal no válido: de 3 a 10 letras o cifras.')
  .transform((value) => value.toUpperCase());
const TextoOpcional = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null)
    .nullable()
    .optional();

/**
 * Body of `POST /api/clientes/solicitudes` ("Solicitar Transporte"). The server also checks
 * that `fecha_carga` is today or later (Spain) and at most a year ahead.
 */
export const SolicitudCrear = z
  .object({
    origen_poblacion: Poblacion,
    origen_direccion: Direccion,
    origen_cp: CodigoPostal,
    origen_pais_iso: PaisSolicitud,
    destino_poblacion: Poblacion,
    destino_direccion: Direccion,
    destino_cp: CodigoPostal,
    destino_pais_iso: PaisSolicitud,
    /** Requested load date. */
    fecha_carga: IsoDate,
    /** Requested delivery date (≥ fecha_carga), if any. */
    fecha_entrega: IsoDate.nullable().optional(),
    /** "Mercancía": what is shipped. */
    mercancia: z
      .string()
      .trim()
      .min(2, 'Indique la mercancía.')
      .max(200, 'La mercancía no puede superar 200 caracteres.'),
    bultos: z
      .number()
      .int('Los bultos deben ser un número entero.')
      .min(1, 'Como mínimo 1 bulto.')
      .max(MAX_BULTOS_SOLICITUD, `Como máximo ${MAX_BULTOS_SOLICITUD} bultos.`),
    peso_kg: z
      .number()
      .int('El peso debe ser un número entero de kilos.')
      .min(1, 'El peso debe ser de al menos 1 kg.')
      .max(MAX_PESO_SOLICITUD_KG, 'El peso no puede superar 40.000 kg.'),
    /** Vehicle needed, if the customer knows. */
    tipo_vehiculo: TipoVehiculo.nullable().optional(),
    observaciones: multilinea(
      TextoOpcional(1000, 'Las observaciones no pueden superar 1000 caracteres.'),
    ),
  })
  .refine((s) => !s.fecha_entrega || s.fecha_entrega >= s.fecha_carga, {
    message: 'La fecha de entrega no puede ser anterior a la de carga.',
    path: ['fecha_entrega'],
  });
export type SolicitudCrear = z.input<typeof SolicitudCrear>;
/** The validated request. */
export type SolicitudValidada = z.output<typeof SolicitudCrear>;

/** A transport request as the customer sees it. */
export const Solicitud = z.object({
  id: z.number().int().positive(),
  origen_poblacion: z.string(),
  origen_direccion: z.string().nullable(),
  origen_cp: z.string().nullable(),
  origen_pais_iso: z.string().nullable(),
  destino_poblacion: z.string(),
  destino_direccion: z.string().nullable(),
  destino_cp: z.string().nullable(),
  destino_pais_iso: z.string().nullable(),
  fecha_carga: IsoDate,
  fecha_entrega: IsoDate.nullable(),
  mercancia: z.string().nullable(),
  bultos: z.number().int().nullable(),
  peso_kg: z.number().int().nullable(),
  tipo_vehiculo: z.string().nullable(),
  observaciones: z.string().nullable(),
  estado: SolicitudEstado,
  /** When it was sent (ISO-8601 UTC). */
  created_at: z.string(),
});
export type Solicitud = z.infer<typeof Solicitud>;

/** Query of `GET /api/clientes/solicitudes` (newest first, keyset). */
export const SolicitudesQuery = PageQuery;
export type SolicitudesQuery = z.infer<typeof SolicitudesQuery>;

/** A page of this client's requests. */
export const SolicitudesPage = pageOf(Solicitud);
export type SolicitudesPage = z.infer<typeof SolicitudesPage>;
