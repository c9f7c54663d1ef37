import { z } from 'zod';
import { PageQuery, pageOf } from '../common/pagination.js';
import { ECMR_ROLES } from '../ecmr/constants.js';
import { TIPOS_AVISO } from './constants.js';

/** A kind of notice. */
export const TipoAvisoSchema = z.enum(TIPOS_AVISO);

/** A shipment as a customer's notice names it: partida, the customer's reference, route. */
const PorteDelAviso = {
  partida: z.string(),
  ref_cliente: z.string().nullable(),
  origen: z.string(),
  destino: z.string(),
};

/**
 * What a notice says, as data (decision 021): the web words it in the user's language. One
 * `mensaje` per wording; the towns, names and references are the ERP's, never translated.
 */
export const DatosAviso = z.discriminatedUnion('mensaje', [
  z.object({
    mensaje: z.enum(['oferta_aceptada', 'oferta_rechazada']),
    referencia: z.string(),
    origen: z.string(),
    destino: z.string(),
  }),
  z.object({
    mensaje: z.literal('carga_publicada'),
    /** The saved search's name, as its user wrote it. */
    busqueda: z.string(),
    referencia: z.string(),
    origen: z.string(),
    destino: z.string(),
  }),
  z.object({
    mensaje: z.literal('certificado_caduca'),
    /** The certificate type's name (the ERP's). */
    certificado: z.string(),
    /** 'YYYY-MM-DD'. */
    fecha: z.string(),
  }),
  z.object({ mensaje: z.literal('porte_entregado'), ...PorteDelAviso }),
  z.object({
    mensaje: z.literal('porte_retrasado'),
    ...PorteDelAviso,
    retraso_minutos: z.number().int().positive(),
  }),
  z.object({
    mensaje: z.literal('parada'),
    partida: z.string(),
    ref_cliente: z.string().nullable(),
    /** What the driver reported, at a loading or an unloading stop. */
    evento: z.enum(['llegada', 'carga', 'descarga', 'incidencia']),
    parada: z.enum(['carga', 'descarga']),
    poblacion: z.string(),
    /** The driver's words about an incident. */
    texto: z.string().nullable(),
  }),
  z.object({
    mensaje: z.literal('ecmr_firmado'),
    rol: z.enum(ECMR_ROLES),
    numero: z.string(),
    partida: z.string().nullable(),
    /** The signer's name. */
    nombre: z.string(),
  }),
]);
export type DatosAviso = z.infer<typeof DatosAviso>;

/** One notice of the signed-in user's centre, newest first. */
export const Aviso = z.object({
  id: z.number().int().positive(),
  tipo: TipoAvisoSchema,
  /** In Spanish, as the push said it: what shows when `datos` is null (older notices). */
  titulo: z.string(),
  texto: z.string(),
  /** The message and its parameters, to word in the user's language; null in older notices. */
  datos: DatosAviso.nullable(),
  /** The portal page of what it is about (relative to the portal's origin). */
  url: z.string(),
  leido: z.boolean(),
  /** ISO-8601 instant. */
  created_at: z.string(),
});
export type Aviso = z.infer<typeof Aviso>;

/** Query of `GET /api/usuario/avisos`: all, or the unread ones only. */
export const AvisosQuery = PageQuery.extend({
  estado: z.enum(['todos', 'no_leidos']).default('todos'),
});
export type AvisosQuery = z.infer<typeof AvisosQuery>;

export const AvisosPage = pageOf(Aviso);
export type AvisosPage = z.infer<typeof AvisosPage>;

/** What the bell shows: how many notices are unread. */
export const AvisosResumen = z.object({ noLeidos: z.number().int().min(0) });
export type AvisosResumen = z.infer<typeof AvisosResumen>;

/** Path parameter `:id` of a notice. */
export const AvisoIdParams = z.object({ id: z.coerce.number().int().positive() });
export type AvisoIdParams = z.infer<typeof AvisoIdParams>;

/** Answer of "mark all read": how many were unread. */
export const AvisosMarcados = z.object({ marcados: z.number().int().min(0) });
export type AvisosMarcados = z.infer<typeof AvisosMarcados>;

/** The channels of one kind of notice for the signed-in user. */
export const PreferenciaAviso = z.strictObject({
  tipo: TipoAvisoSchema,
  push: z.boolean(),
  email: z.boolean(),
});
export type PreferenciaAviso = z.infer<typeof PreferenciaAviso>;

/** The signed-in user's channels for each kind of notice of the portal. */
export const PreferenciasAvisos = z.object({ items: z.array(PreferenciaAviso) });
export type PreferenciasAvisos = z.infer<typeof PreferenciasAvisos>;

/** `PUT /api/usuario/avisos/preferencias`: the kinds to change (the others stay as they are). */
export const PreferenciasAvisosRequest = z.strictObject({
  items: z
    .array(PreferenciaAviso)
    .min(1, 'Indique al menos un tipo de aviso.')
    .max(TIPOS_AVISO.length)
    .refine(
      (items) => new Set(items.map((item) => item.tipo)).size === items.length,
      'Cada tipo de aviso solo puede aparecer una vez.',
    ),
});
export type PreferenciasAvisosRequest = z.infer<typeof PreferenciasAvisosRequest>;

/** Answer of marking one notice read: 204, no body. */
export const SinContenido = z.null().describe('Sin contenido');
