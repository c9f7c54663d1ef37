import {
  payloadDeEvento,
  PorteAviso,
  type PayloadDeEvento,
} from '@extranet/contracts/integracion/eventos';
import { RegionCode } from '@extranet/contracts/regiones/region';
import type { TipoEvento as TipoEventoPublico } from '@extranet/contracts/integracion/tipos-evento';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { CanalEntrega, Database } from '../db/database.js';
import { clock } from '../lib/clock.js';
import { registrarAvisos, type AvisoAUsuarios } from '../modules/avisos/registro.js';
import { destinosAvisoEnvio } from '../modules/envio/avisos.js';
import { textoDeAviso } from './avisos.js';

/** The internal event of a password recovery request (decision 004). */
const ClaveRecuperacion = z.object({
  email: z.string(),
  region: RegionCode,
  portal: z.enum(['clientes', 'proveedores']),
  ip: z.string().nullable(),
});

/** The internal event of an e-CMR signing invitation sent by e-mail. */
const EcmrInvitacion = z.object({ invitacion_id: z.number().int().positive() });

/** The internal event of a shipment link sent by e-mail (issue 19). */
const EnlacePorteCorreo = z.object({ enlace_id: z.number().int().positive() });

/**
 * The internal notice of a stop event of the driver (issue 17): one per shipment concerned, to
 * its customer. The ERP already hears of the stop through `transporte.parada`.
 */
const AvisoParada = PorteAviso.extend({
  evento: z.object({
    tipo: z.enum(['llegada', 'carga', 'descarga', 'incidencia']),
    texto: z.string().nullable(),
    ocurrido_at: z.string(),
    parada: z.object({
      tipo: z.enum(['carga', 'descarga']),
      poblacion: z.string(),
      pais_iso: z.string().nullable(),
    }),
  }),
});
export type AvisoParada = z.infer<typeof AvisoParada>;

/**
 * The internal notice of a load the ERP published that matches a carrier user's saved search
 * (issue 20 point 2): one per search and load, to the user who saved it.
 */
const AvisoBusqueda = z.object({
  usuario_id: z.number().int().positive(),
  proveedor_id: z.number().int().positive(),
  busqueda_id: z.number().int().positive(),
  busqueda_nombre: z.string(),
  carga: z.object({
    carga_id: z.number().int().positive(),
    referencia: z.string(),
    origen_poblacion: z.string(),
    origen_pais_iso: z.string(),
    destino_poblacion: z.string(),
    destino_pais_iso: z.string(),
    fecha_carga: z.string(),
    tipo_vehiculo: z.string(),
  }),
});
export type AvisoBusqueda = z.infer<typeof AvisoBusqueda>;

/** The stop events told to the customer by e-mail too; an arrival goes by push only. */
export const AVISO_PARADA_POR_EMAIL: ReadonlyArray<AvisoParada['evento']['tipo']> = [
  'carga',
  'descarga',
  'incidencia',
];

/**
 * What each event carries: the contract's schemas (`@extranet/contracts/integracion/eventos`,
 * the ERP sees them in the feed and in webhooks) and one internal type.
 */
export type EventPayloads = { [T in TipoEventoPublico]: PayloadDeEvento<T> } & {
  /**
   * Someone asked for a password recovery e-mail (spec §7) for this address, known or not: the
   * worker decides whether a link is sent. Internal only: not in TIPOS_EVENTO, so no webhook
   * or ERP feed ever sees it.
   */
  'clave.recuperacion': z.infer<typeof ClaveRecuperacion>;
  /** A driver's stop event told to the customer of a shipment. Internal like the above. */
  'aviso.parada': AvisoParada;
  /**
   * A contactless e-CMR signing invitation to e-mail (issue 18): the worker makes the link's
   * token when it sends it, so no readable token is stored. Internal only, like the above.
   */
  'ecmr.invitacion': z.infer<typeof EcmrInvitacion>;
  /**
   * A shipment link to e-mail (issue 19): the worker makes the mail's token when it sends it,
   * so no readable token is stored. Internal only, like the above.
   */
  'enlace_porte.correo': z.infer<typeof EnlacePorteCorreo>;
  /** A published load matching a saved search, told to its user. Internal like the above. */
  'aviso.busqueda': AvisoBusqueda;
};

export type TipoEvento = keyof EventPayloads;

/** The payload of a stored event, checked against its type's schema. */
export function payloadOf<T extends TipoEvento>(tipo: T, payload: unknown): EventPayloads[T] {
  if (tipo === 'clave.recuperacion') return ClaveRecuperacion.parse(payload) as EventPayloads[T];
  if (tipo === 'aviso.parada') return AvisoParada.parse(payload) as EventPayloads[T];
  if (tipo === 'ecmr.invitacion') return EcmrInvitacion.parse(payload) as EventPayloads[T];
  if (tipo === 'aviso.busqueda') return AvisoBusqueda.parse(payload) as EventPayloads[T];
  if (tipo === 'enlace_porte.correo') {
    return EnlacePorteCorreo.parse(payload) as EventPayloads[T];
  }
  return payloadDeEvento(tipo, payload) as EventPayloads[T];
}

/** E-mail destination of a password recovery: the account's address, looked up at delivery. */
export const DESTINO_RECUPERACION = 'recuperacion';

/** E-mail destination of an e-CMR signing invitation: the address it was made for. */
export const DESTINO_INVITACION_ECMR = 'invitacion-ecmr';

/** E-mail destination of a shipment link: the address it was made for. */
export const DESTINO_ENLACE_PORTE = 'enlace-porte';

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

/** The active users of a carrier or a client; both link tables have the same shape. */
async function usuariosDe(db: Kysely<Database>, empresa: 'proveedor' | 'cliente', id: number) {
  const links = empresa === 'proveedor' ? 'usuarios_proveedores' : 'usuarios_clientes';
  const rows = await db
    .selectFrom(`${links} as l` as 'usuarios_clientes as l')
    .innerJoin('usuarios as u', 'u.id', 'l.usuario_id')
    .select('u.id')
    .where(`l.${empresa}_id` as 'l.cliente_id', '=', id)
    .where('u.activo', '=', 1)
    .orderBy('u.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/**
 * The notice of an event to the users of one company (its centre, and push and e-mail after
 * each user's preferences), as `registrarAvisos` takes it.
 */
async function avisoA(
  db: Kysely<Database>,
  tipo: TipoEvento,
  checked: unknown,
  empresa: { portal: 'clientes' | 'proveedores'; id: number; tipo: AvisoAUsuarios['tipo'] },
  extra: Partial<AvisoAUsuarios> = {},
): Promise<AvisoAUsuarios> {
  const texto = textoDeAviso(tipo, JSON.stringify(checked), empresa.portal);
  if (!texto) throw new Error(`Sin texto de aviso para ${tipo}`);
  const usuarios = await usuariosDe(
    db,
    empresa.portal === 'clientes' ? 'cliente' : 'proveedor',
    empresa.id,
  );
  return {
    tipo: empresa.tipo,
    portal: empresa.portal,
    empresaId: empresa.id,
    usuarios,
    ...texto,
    ...extra,
  };
}

/** The customer of a shipment by its partida, if the portal knows it. */
async function clienteDePartida(db: Kysely<Database>, partida: string | null) {
  if (!partida) return undefined;
  const row = await db
    .selectFrom('portes')
    .select('cliente_id')
    .where('partida', '=', partida)
    .executeTakeFirst();
  return row ? Number(row.cliente_id) : undefined;
}

/**
 * Who hears of an event by e-mail and push (webhooks are added by subscription); the users'
 * notices (issue 20 point 2) are written here, in the event's transaction.
 */
async function destinatarios<T extends TipoEvento>(
  db: Kysely<Database>,
  eventoId: number,
  tipo: T,
  payload: EventPayloads[T],
): Promise<Destino[]> {
  switch (tipo) {
    case 'solicitud.recibida':
      return [{ canal: 'email', destino: DESTINO_OPERADORES }];
    case 'clave.recuperacion':
      return [{ canal: 'email', destino: DESTINO_RECUPERACION }];
    case 'ecmr.invitacion':
      return [{ canal: 'email', destino: DESTINO_INVITACION_ECMR }];
    case 'enlace_porte.correo':
      return [{ canal: 'email', destino: DESTINO_ENLACE_PORTE }];
    case 'oferta.aceptada':
    case 'oferta.rechazada': {
      const { proveedor_id } = payload as EventPayloads['oferta.aceptada'];
      const empresa = { portal: 'proveedores', id: proveedor_id, tipo: 'oferta' } as const;
      return registrarAvisos(db, eventoId, await avisoA(db, tipo, payload, empresa));
    }
    case 'porte.entregado':
    case 'porte.retrasado': {
      const { cliente_id } = payload as EventPayloads['porte.entregado'];
      const empresa = {
        portal: 'clientes',
        id: cliente_id,
        tipo: tipo === 'porte.entregado' ? 'porte_entregado' : 'porte_retrasado',
      } as const;
      return [
        ...(await registrarAvisos(db, eventoId, await avisoA(db, tipo, payload, empresa))),
        // The visitors of the shipment's links who asked for its notices (issue 19).
        ...(await destinosAvisoEnvio(db, tipo, payload)),
      ];
    }
    case 'certificado.caduca': {
      const { proveedor_id } = payload as EventPayloads['certificado.caduca'];
      const empresa = { portal: 'proveedores', id: proveedor_id, tipo: 'certificado' } as const;
      return registrarAvisos(db, eventoId, await avisoA(db, tipo, payload, empresa));
    }
    case 'aviso.parada': {
      // Push goes to the browsers the customer's users subscribed (their opt-in); e-mail
      // only for what changes their plans: loaded, unloaded, an incident (decision 011).
      const { cliente_id, evento } = payload as EventPayloads['aviso.parada'];
      const empresa = { portal: 'clientes', id: cliente_id, tipo: 'parada' } as const;
      const email = AVISO_PARADA_POR_EMAIL.includes(evento.tipo);
      return [
        ...(await registrarAvisos(
          db,
          eventoId,
          await avisoA(db, tipo, payload, empresa, { email }),
        )),
        ...(await destinosAvisoEnvio(db, tipo, payload)),
      ];
    }
    case 'ecmr.firmado': {
      // The carrier's users and, when the leg carries a shipment of the portal, its customer's;
      // the same user may be in both portals, so the destination names the portal.
      const e = payload as EventPayloads['ecmr.firmado'];
      const proveedor = {
        portal: 'proveedores',
        id: e.proveedor_id,
        tipo: 'ecmr_firmado',
      } as const;
      const destinos = await registrarAvisos(
        db,
        eventoId,
        await avisoA(db, tipo, payload, proveedor),
        { portalEnDestino: true },
      );
      const clienteId = await clienteDePartida(db, e.partida);
      if (clienteId === undefined) return destinos;
      const cliente = { portal: 'clientes', id: clienteId, tipo: 'ecmr_firmado' } as const;
      return [
        ...destinos,
        ...(await registrarAvisos(db, eventoId, await avisoA(db, tipo, payload, cliente), {
          portalEnDestino: true,
        })),
      ];
    }
    case 'aviso.busqueda': {
      const b = payload as EventPayloads['aviso.busqueda'];
      const texto = textoDeAviso(tipo, JSON.stringify(payload), 'proveedores');
      if (!texto) throw new Error('Sin texto de aviso para aviso.busqueda');
      return registrarAvisos(db, eventoId, {
        tipo: 'carga_publicada',
        portal: 'proveedores',
        empresaId: b.proveedor_id,
        usuarios: [b.usuario_id],
        ...texto,
        clave: `busqueda:${b.busqueda_id}:carga:${b.carga.carga_id}`,
      });
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
  // The contract is checked here, in the writer's transaction: a payload that does not fit
  // never reaches the ERP (the change rolls back with it).
  const checked = payloadOf(tipo, payload);
  const evento = await trx
    .insertInto('eventos')
    .values({ tipo, payload: JSON.stringify(checked), created_at: now })
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
    ...(await destinatarios(trx, eventoId, tipo, checked)),
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
