import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { TipoVehiculo } from '../vehiculos/vehiculo.js';
import {
  CODIGO_POSTAL,
  DIRECCION_MAX,
  MAX_BULTOS_SOLICITUD,
  MAX_PESO_SOLICITUD_KG,
  MERCANCIA_MAX,
  MERCANCIA_MIN,
  OBSERVACIONES_MAX,
  PAISES_SOLICITUD,
  POBLACION_MAX,
  POBLACION_MIN,
} from './limits.js';

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

export {
  MAX_BULTOS_SOLICITUD,
  MAX_DIAS_ANTELACION_SOLICITUD,
  MAX_PESO_SOLICITUD_KG,
  PAISES_SOLICITUD,
} from './limits.js';

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
  .min(POBLACION_MIN, `La población debe tener al menos ${POBLACION_MIN} caracteres.`)
  .max(POBLACION_MAX, `La población no puede superar ${POBLACION_MAX} caracteres.`);
const Direccion = z
  .string()
  .trim()
  .max(DIRECCION_MAX, `La dirección no puede superar ${DIRECCION_MAX} caracteres.`)
  .transform((value) => value || null)
  .nullable()
  .optional();
const CodigoPostal = z
  .string()
  .trim()
  .regex(CODIGO_POSTAL, 'Código postal no válido: de 3 a 10 letras o cifras.')
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
      .min(MERCANCIA_MIN, 'Indique la mercancía.')
      .max(MERCANCIA_MAX, `La mercancía no puede superar ${MERCANCIA_MAX} caracteres.`),
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
      TextoOpcional(
        OBSERVACIONES_MAX,
        `Las observaciones no pueden superar ${OBSERVACIONES_MAX} caracteres.`,
      ),
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
