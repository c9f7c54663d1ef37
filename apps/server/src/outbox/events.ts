import type { Kysely } from 'kysely';
import type { CanalEntrega, Database, Portal, RegionCodigo } from '../db/database.js';
import { clock } from '../lib/clock.js';

/** What each event carries: self-contained, so templates and webhooks need no other query. */
export interface EventPayloads {
  /** A carrier offered a price on a load. */
  'oferta.creada': {
    oferta_id: number;
    carga_id: number;
    proveedor_id: number;
    usuario_id: number | null;
    vehiculo_id: number | null;
    precio_centimos: number;
    comentarios: string | null;
  };
  /** A carrier changed the price and/or comment of its open offer. */
  'oferta.editada': {
    oferta_id: number;
    carga_id: number;
    proveedor_id: number;
    usuario_id: number | null;
    precio_centimos: number;
    comentarios: string | null;
    /** The offer before the change. */
    antes: { precio_centimos: number; comentarios: string | null };
  };
  /** A carrier withdrew its open offer. */
  'oferta.retirada': {
    oferta_id: number;
    carga_id: number;
    proveedor_id: number;
    usuario_id: number | null;
  };
  /** The ERP awarded the load to this offer (recorded by the integration API). */
  'oferta.aceptada': OfertaResuelta;
  /** The ERP turned this offer down (recorded by the integration API). */
  'oferta.rechazada': OfertaResuelta;
  /** A carrier uploaded the CMR of a leg. */
  'cmr.subido': {
    subpartida_id: number;
    proveedor_id: number;
    usuario_id: number | null;
    archivo_id: number;
    sha256: string;
    bytes: number;
  };
  /** A carrier uploaded an invoice covering some of its transports. */
  'factura_proveedor.subida': {
    factura_id: number;
    proveedor_id: number;
    usuario_id: number | null;
    numero: string;
    transporte_ids: number[];
    archivo_id: number;
  };
  /** A customer sent a transport request ("Solicitar Transporte"). */
  'solicitud.recibida': {
    solicitud_id: number;
    cliente: { id: number; razon_social: string };
    /** The sender's e-mail, or null from an access link. */
    usuario_email: string | null;
    solicitud: {
      origen_poblacion: string;
      origen_direccion: string | null;
      origen_cp: string | null;
      origen_pais_iso: string | null;
      destino_poblacion: string;
      destino_direccion: string | null;
      destino_cp: string | null;
      destino_pais_iso: string | null;
      fecha_carga: string;
      fecha_entrega: string | null;
      mercancia: string | null;
      bultos: number | null;
      peso_kg: number | null;
      tipo_vehiculo: string | null;
      observaciones: string | null;
    };
  };
  /** A carrier acknowledged a prevention document (the first time only). */
  'prevencion.leida': {
    documento_id: number;
    titulo: string;
    proveedor_id: number;
    usuario_id: number | null;
    leido_at: string;
  };
  /** The ERP's upsert turned an existing shipment delivered; told to the client's users. */
  'porte.entregado': PorteAviso & { entregado_at: string | null };
  /**
   * The latest tracking stop of a shipment reports a delay the client has not been told of
   * (it was on time, or the delay grew by RETRASO_AVISO_MINUTOS since the last notice).
   */
  'porte.retrasado': PorteAviso & {
    retraso_minutos: number;
    parada: {
      fecha: string;
      hora: string;
      poblacion: string | null;
      pais_iso: string | null;
      comentarios: string | null;
    };
  };
  /** A carrier's certificate expires within CERTIFICADO_AVISO_DIAS (once per expiry date). */
  'certificado.caduca': {
    certificado_id: number;
    proveedor_id: number;
    tipo: string;
    tipo_nombre: string;
    descripcion: string | null;
    fecha_caducidad: string;
    /** Days left on the day of the notice. */
    dias: number;
  };
  /**
   * Someone asked for a password recovery e-mail (spec §7) for this address, known or not: the
   * worker decides whether a link is sent. Internal only: not in TIPOS_EVENTO, so no webhook
   * or ERP feed ever sees it.
   */
  'clave.recuperacion': {
    email: string;
    region: RegionCodigo;
    portal: Portal;
    ip: string | null;
  };
  /**
   * The driver reported something at a stop through the phone link (issue 17): arrival,
   * loading or unloading done, or an incident. Also a tracking stop of each shipment concerned.
   */
  'transporte.parada': EventoConductor & {
    evento_parada_id: number;
    tipo: 'llegada' | 'carga' | 'descarga' | 'incidencia';
    texto: string | null;
    ocurrido_at: string;
    parada: ParadaEvento;
  };
  /**
   * The shipment's ETA status changed (a tiempo / en riesgo / con retraso), computed on a ping
   * batch or a stop event; told on change only, not on every ping.
   */
  'transporte.eta': EventoConductor & {
    estado: 'a_tiempo' | 'en_riesgo' | 'con_retraso';
    estado_anterior: 'a_tiempo' | 'en_riesgo' | 'con_retraso' | null;
    km_restantes: number | null;
    velocidad_kmh: number;
    posicion: { lat: number; lng: number; at: string };
    paradas: Array<
      ParadaEvento & {
        km_restantes: number | null;
        eta_at: string | null;
        eta_desde: string | null;
        eta_hasta: string | null;
      }
    >;
  };
  /** A customer sent a suggestion. */
  'sugerencia.recibida': {
    sugerencia_id: number;
    cliente_id: number;
    usuario_id: number | null;
    asunto: string | null;
    texto: string;
  };
}

/** An offer the ERP has decided on, with what the carrier needs to recognise it. */
export interface OfertaResuelta {
  oferta_id: number;
  carga_id: number;
  proveedor_id: number;
  referencia: string;
  origen_poblacion: string;
  destino_poblacion: string;
  fecha_carga: string;
  precio_centimos: number;
}

/** The transport of a driver-link event and the shipments (partidas) it carries. */
export interface EventoConductor {
  transporte_id: number;
  proveedor_id: number;
  referencia: string;
  partidas: string[];
}

/** A planned stop as events describe it. */
export interface ParadaEvento {
  parada_id: number;
  orden: number;
  tipo: 'carga' | 'descarga';
  poblacion: string;
  cp: string | null;
  pais_iso: string | null;
}

/** What a customer needs to recognise a shipment in a notice. */
export interface PorteAviso {
  porte_id: number;
  partida: string;
  cliente_id: number;
  ref_cliente: string | null;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga_prevista: string;
  fecha_entrega_prevista: string | null;
}

export type TipoEvento = keyof EventPayloads;

/** Every event type, for validating webhook subscriptions. */
export const TIPOS_EVENTO = [
  'oferta.creada',
  'oferta.editada',
  'oferta.retirada',
  'oferta.aceptada',
  'oferta.rechazada',
  'cmr.subido',
  'factura_proveedor.subida',
  'solicitud.recibida',
  'sugerencia.recibida',
  'prevencion.leida',
  'porte.entregado',
  'porte.retrasado',
  'certificado.caduca',
  'transporte.parada',
  'transporte.eta',
] as const satisfies readonly TipoEvento[];

export function isTipoEvento(value: string): value is TipoEvento {
  return (TIPOS_EVENTO as readonly string[]).includes(value);
}

/** E-mail destination of a password recovery: the account's address, looked up at delivery. */
export const DESTINO_RECUPERACION = 'recuperacion';

/** E-mail destination of the operators' mailbox (`OPERATORS_EMAIL`, read at delivery). */
export const DESTINO_OPERADORES = 'operadores';

/** E-mail or push destination of one user: resolved at delivery, so it is the current address. */
export function destinoUsuario(usuarioId: number): string {
  return `usuario:${usuarioId}`;
}

interface Destino {
  canal: CanalEntrega;
  destino: string;
}

async function usuariosDelProveedor(db: Kysely<Database>, proveedorId: number) {
  const rows = await db
    .selectFrom('usuarios_proveedores as up')
    .innerJoin('usuarios as u', 'u.id', 'up.usuario_id')
    .select('u.id')
    .where('up.proveedor_id', '=', proveedorId)
    .where('u.activo', '=', 1)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

async function usuariosDelCliente(db: Kysely<Database>, clienteId: number) {
  const rows = await db
    .selectFrom('usuarios_clientes as uc')
    .innerJoin('usuarios as u', 'u.id', 'uc.usuario_id')
    .select('u.id')
    .where('uc.cliente_id', '=', clienteId)
    .where('u.activo', '=', 1)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** E-mail and push to each of these users. */
function emailYPush(usuarios: number[]): Destino[] {
  return usuarios.flatMap((id) => [
    { canal: 'email' as const, destino: destinoUsuario(id) },
    { canal: 'push' as const, destino: destinoUsuario(id) },
  ]);
}

/** Who hears of an event by e-mail and push (webhooks are added by subscription). */
async function destinatarios<T extends TipoEvento>(
  db: Kysely<Database>,
  tipo: T,
  payload: EventPayloads[T],
): Promise<Destino[]> {
  switch (tipo) {
    case 'solicitud.recibida':
      return [{ canal: 'email', destino: DESTINO_OPERADORES }];
    case 'clave.recuperacion':
      return [{ canal: 'email', destino: DESTINO_RECUPERACION }];
    case 'oferta.aceptada':
    case 'oferta.rechazada': {
      const { proveedor_id } = payload as OfertaResuelta;
      const usuarios = await usuariosDelProveedor(db, proveedor_id);
      return usuarios.flatMap((id) => [
        { canal: 'email' as const, destino: destinoUsuario(id) },
        { canal: 'push' as const, destino: destinoUsuario(id) },
      ]);
    }
    case 'porte.entregado':
    case 'porte.retrasado': {
      const { cliente_id } = payload as PorteAviso;
      return emailYPush(await usuariosDelCliente(db, cliente_id));
    }
    case 'certificado.caduca': {
      const { proveedor_id } = payload as EventPayloads['certificado.caduca'];
      return emailYPush(await usuariosDelProveedor(db, proveedor_id));
    }
    default:
      return [];
  }
}

/**
 * Records an event and its deliveries (e-mail, push, subscribed webhooks). Call it with the
 * transaction of the change itself: if the change rolls back, so does the event, and if it
 * commits, the worker will deliver it even if this process dies right after.
 */
export async function recordEvent<T extends TipoEvento>(
  trx: Kysely<Database>,
  tipo: T,
  payload: EventPayloads[T],
): Promise<number> {
  const now = clock.now().toISOString();
  const evento = await trx
    .insertInto('eventos')
    .values({ tipo, payload: JSON.stringify(payload), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const eventoId = Number(evento.id);
  const webhooks = await trx
    .selectFrom('webhooks')
    .select(['id', 'tipos'])
    .where('activo', '=', 1)
    .orderBy('id')
    .execute();
  const destinos: Destino[] = [
    ...(await destinatarios(trx, tipo, payload)),
    ...webhooks
      .filter((w) => (JSON.parse(w.tipos) as string[]).includes(tipo))
      .map((w) => ({ canal: 'webhook' as const, destino: String(w.id) })),
  ];
  if (destinos.length > 0) {
    await trx
      .insertInto('entregas')
      .values(
        destinos.map((d) => ({
          evento_id: eventoId,
          canal: d.canal,
          destino: d.destino,
          proximo_intento_at: now,
          created_at: now,
        })),
      )
      .execute();
  }
  return eventoId;
}
