import { z } from 'zod';
import { EventoTransporteEta, EventoTransporteParada } from './eventos-conductor.js';
import { EventoEcmrFirmado } from './eventos-ecmr.js';
import { TIPOS_NOVEDAD, type TipoEvento } from './tipos-evento.js';

/*
 * What each outbox event carries, the same in the change feed (`novedades`) and in webhooks:
 * self-contained, so an ERP needs no other call to act on it. The server parses every payload
 * with its schema when it records the event and again when it sends it. Each event is a
 * component of the OpenAPI document (`EventoOfertaCreada`…) and a `webhooks` entry.
 */

const Id = z.number().int().positive();
/** The portal user who did it; null when done through an access link or by the system. */
const UsuarioId = Id.nullable();
const Texto = z.string();
const TextoOpcional = z.string().nullable();

const OfertaCreada = z.object({
  oferta_id: Id,
  carga_id: Id,
  proveedor_id: Id,
  usuario_id: UsuarioId,
  vehiculo_id: Id.nullable(),
  precio_centimos: z.number().int(),
  comentarios: TextoOpcional,
});

const OfertaEditada = z.object({
  oferta_id: Id,
  carga_id: Id,
  proveedor_id: Id,
  usuario_id: UsuarioId,
  precio_centimos: z.number().int(),
  comentarios: TextoOpcional,
  /** The offer before the change. */
  antes: z.object({ precio_centimos: z.number().int(), comentarios: TextoOpcional }),
});

const OfertaRetirada = z.object({
  oferta_id: Id,
  carga_id: Id,
  proveedor_id: Id,
  usuario_id: UsuarioId,
});

/** An offer the ERP has decided on, with what the carrier needs to recognise it. */
export const OfertaResuelta = z.object({
  oferta_id: Id,
  carga_id: Id,
  proveedor_id: Id,
  referencia: Texto,
  origen_poblacion: Texto,
  destino_poblacion: Texto,
  /** 'YYYY-MM-DD'. */
  fecha_carga: Texto,
  precio_centimos: z.number().int(),
});
export type OfertaResuelta = z.infer<typeof OfertaResuelta>;

const CmrSubido = z.object({
  subpartida_id: Id,
  proveedor_id: Id,
  usuario_id: UsuarioId,
  archivo_id: Id,
  sha256: Texto,
  bytes: z.number().int().nonnegative(),
});

const FacturaProveedorSubida = z.object({
  factura_id: Id,
  proveedor_id: Id,
  usuario_id: UsuarioId,
  numero: Texto,
  transporte_ids: z.array(Id),
  archivo_id: Id,
});

const SolicitudRecibida = z.object({
  solicitud_id: Id,
  cliente: z.object({ id: Id, razon_social: Texto }),
  /** The sender's e-mail, or null from an access link. */
  usuario_email: TextoOpcional,
  solicitud: z.object({
    origen_poblacion: Texto,
    origen_direccion: TextoOpcional,
    origen_cp: TextoOpcional,
    origen_pais_iso: TextoOpcional,
    destino_poblacion: Texto,
    destino_direccion: TextoOpcional,
    destino_cp: TextoOpcional,
    destino_pais_iso: TextoOpcional,
    fecha_carga: Texto,
    fecha_entrega: TextoOpcional,
    mercancia: TextoOpcional,
    bultos: z.number().int().nullable(),
    peso_kg: z.number().int().nullable(),
    tipo_vehiculo: TextoOpcional,
    observaciones: TextoOpcional,
  }),
});

const SugerenciaRecibida = z.object({
  sugerencia_id: Id,
  cliente_id: Id,
  usuario_id: UsuarioId,
  asunto: TextoOpcional,
  texto: Texto,
});

const PrevencionLeida = z.object({
  documento_id: Id,
  titulo: Texto,
  proveedor_id: Id,
  usuario_id: UsuarioId,
  /** ISO-8601 instant of the first acknowledgement. */
  leido_at: Texto,
});

/** What a customer needs to recognise a shipment in a notice. */
export const PorteAviso = z.object({
  porte_id: Id,
  partida: Texto,
  cliente_id: Id,
  ref_cliente: TextoOpcional,
  origen_poblacion: Texto,
  origen_pais_iso: Texto,
  destino_poblacion: Texto,
  destino_pais_iso: Texto,
  fecha_carga_prevista: Texto,
  fecha_entrega_prevista: TextoOpcional,
});
export type PorteAviso = z.infer<typeof PorteAviso>;

const PorteEntregado = PorteAviso.extend({ entregado_at: TextoOpcional });

const PorteRetrasado = PorteAviso.extend({
  retraso_minutos: z.number().int().positive(),
  parada: z.object({
    fecha: Texto,
    hora: Texto,
    poblacion: TextoOpcional,
    pais_iso: TextoOpcional,
    comentarios: TextoOpcional,
  }),
});

const CertificadoCaduca = z.object({
  certificado_id: Id,
  proveedor_id: Id,
  tipo: Texto,
  tipo_nombre: Texto,
  descripcion: TextoOpcional,
  /** 'YYYY-MM-DD'. */
  fecha_caducidad: Texto,
  /** Days left on the day of the notice. */
  dias: z.number().int(),
});

/** The payload schema of each event type, and when it is recorded (the document says it). */
export const eventos = {
  'oferta.creada': {
    payload: OfertaCreada,
    nombre: 'OfertaCreada',
    cuando: 'Un transportista ofrece un precio por una carga de la bolsa.',
  },
  'oferta.editada': {
    payload: OfertaEditada,
    nombre: 'OfertaEditada',
    cuando: 'Un transportista cambia el precio o el comentario de su oferta abierta.',
  },
  'oferta.retirada': {
    payload: OfertaRetirada,
    nombre: 'OfertaRetirada',
    cuando: 'Un transportista retira su oferta abierta.',
  },
  'oferta.aceptada': {
    payload: OfertaResuelta,
    nombre: 'OfertaAceptada',
    cuando: 'El ERP adjudica la carga a esta oferta.',
  },
  'oferta.rechazada': {
    payload: OfertaResuelta,
    nombre: 'OfertaRechazada',
    cuando: 'El ERP rechaza esta oferta (adjudica otra o anula la carga).',
  },
  'cmr.subido': {
    payload: CmrSubido,
    nombre: 'CmrSubido',
    cuando: 'Un transportista sube el albarán (CMR) de una subpartida.',
  },
  'factura_proveedor.subida': {
    payload: FacturaProveedorSubida,
    nombre: 'FacturaProveedorSubida',
    cuando: 'Un transportista sube una factura que cubre algunos de sus transportes.',
  },
  'solicitud.recibida': {
    payload: SolicitudRecibida,
    nombre: 'SolicitudRecibida',
    cuando: 'Un cliente envía una solicitud de transporte.',
  },
  'sugerencia.recibida': {
    payload: SugerenciaRecibida,
    nombre: 'SugerenciaRecibida',
    cuando: 'Un cliente envía una sugerencia.',
  },
  'prevencion.leida': {
    payload: PrevencionLeida,
    nombre: 'PrevencionLeida',
    cuando:
      'Un transportista confirma la lectura de un documento de prevención (solo la primera vez).',
  },
  'porte.entregado': {
    payload: PorteEntregado,
    nombre: 'PorteEntregado',
    cuando: 'Una actualización del ERP deja entregado un porte que ya existía.',
  },
  'porte.retrasado': {
    payload: PorteRetrasado,
    nombre: 'PorteRetrasado',
    cuando: 'La última parada de un porte informa de un retraso del que el cliente no tiene aviso.',
  },
  'transporte.parada': {
    payload: EventoTransporteParada,
    nombre: 'TransporteParada',
    cuando:
      'El conductor, desde el enlace de su móvil, informa de una llegada, una carga o descarga hecha o una incidencia en una parada.',
  },
  'transporte.eta': {
    payload: EventoTransporteEta,
    nombre: 'TransporteEta',
    cuando:
      'Cambia el estado de la hora estimada de llegada (a tiempo, en riesgo, con retraso) calculado con las posiciones del conductor.',
  },
  'ecmr.firmado': {
    payload: EventoEcmrFirmado,
    nombre: 'EcmrFirmado',
    cuando:
      'Alguien firma el e-CMR de una subpartida (remitente, transportista o destinatario, en el móvil del conductor o en su propio dispositivo).',
  },
  'certificado.caduca': {
    payload: CertificadoCaduca,
    nombre: 'CertificadoCaduca',
    cuando: 'Un certificado de un transportista caduca en 30 días o menos (una vez por fecha).',
  },
} as const satisfies Record<TipoEvento, { payload: z.ZodType; nombre: string; cuando: string }>;

/** What an event of type `T` carries. */
export type PayloadDeEvento<T extends TipoEvento> = z.infer<(typeof eventos)[T]['payload']>;

/** One event as the feed and webhooks deliver it: id (increasing), type, instant, payload. */
function eventoDe<T extends TipoEvento>(tipo: T) {
  const { payload, nombre, cuando } = eventos[tipo];
  return z
    .object({
      /** Increasing; a receiver ignores an id it has seen (delivery is at least once). */
      id: Id,
      tipo: z.literal(tipo),
      /** ISO-8601 instant the event was recorded. */
      created_at: z.string(),
      // Not unnecessary, whatever the rule says: without it the payload widens to the union
      // of every event's, and each envelope would accept any payload.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      payload: payload as (typeof eventos)[T]['payload'],
    })
    .meta({ id: `Evento${nombre}`, description: `\`${tipo}\`: ${cuando}` });
}

/** Each event type's envelope schema, by type (the body of its webhook). */
export const Eventos = {
  'oferta.creada': eventoDe('oferta.creada'),
  'oferta.editada': eventoDe('oferta.editada'),
  'oferta.retirada': eventoDe('oferta.retirada'),
  'oferta.aceptada': eventoDe('oferta.aceptada'),
  'oferta.rechazada': eventoDe('oferta.rechazada'),
  'cmr.subido': eventoDe('cmr.subido'),
  'factura_proveedor.subida': eventoDe('factura_proveedor.subida'),
  'solicitud.recibida': eventoDe('solicitud.recibida'),
  'sugerencia.recibida': eventoDe('sugerencia.recibida'),
  'prevencion.leida': eventoDe('prevencion.leida'),
  'porte.entregado': eventoDe('porte.entregado'),
  'porte.retrasado': eventoDe('porte.retrasado'),
  'certificado.caduca': eventoDe('certificado.caduca'),
  'transporte.parada': eventoDe('transporte.parada'),
  'transporte.eta': eventoDe('transporte.eta'),
  'ecmr.firmado': eventoDe('ecmr.firmado'),
} satisfies { [T in TipoEvento]: ReturnType<typeof eventoDe<T>> };

/** Any event, told apart by `tipo`: the body of a webhook. */
export const Evento = z.discriminatedUnion(
  'tipo',
  Object.values(Eventos) as [(typeof Eventos)[TipoEvento], ...(typeof Eventos)[TipoEvento][]],
);
export type Evento = z.infer<typeof Evento>;

/** An item of the change feed: one of the TIPOS_NOVEDAD events. */
export const Novedad = z
  .discriminatedUnion(
    'tipo',
    TIPOS_NOVEDAD.map((tipo) => Eventos[tipo]) as unknown as [
      (typeof Eventos)[(typeof TIPOS_NOVEDAD)[number]],
      ...(typeof Eventos)[(typeof TIPOS_NOVEDAD)[number]][],
    ],
  )
  .meta({ id: 'Novedad' });
export type Novedad = z.infer<typeof Novedad>;

/** Parses the stored payload of an event with its type's schema (throws when it does not fit). */
export function payloadDeEvento<T extends TipoEvento>(
  tipo: T,
  payload: unknown,
): PayloadDeEvento<T> {
  return eventos[tipo].payload.parse(payload) as PayloadDeEvento<T>;
}
