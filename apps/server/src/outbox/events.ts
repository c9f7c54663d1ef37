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
import { destinosAvisoEnvio } from '../modules/envio/avisos.js';

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
};

export type TipoEvento = keyof EventPayloads;

/** The payload of a stored event, checked against its type's schema. */
export function payloadOf<T extends TipoEvento>(tipo: T, payload: unknown): EventPayloads[T] {
  if (tipo === 'clave.recuperacion') return ClaveRecuperacion.parse(payload) as EventPayloads[T];
  if (tipo === 'aviso.parada') return AvisoParada.parse(payload) as EventPayloads[T];
  if (tipo === 'ecmr.invitacion') return EcmrInvitacion.parse(payload) as EventPayloads[T];
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
    case 'ecmr.invitacion':
      return [{ canal: 'email', destino: DESTINO_INVITACION_ECMR }];
    case 'enlace_porte.correo':
      return [{ canal: 'email', destino: DESTINO_ENLACE_PORTE }];
    case 'oferta.aceptada':
    case 'oferta.rechazada': {
      const { proveedor_id } = payload as EventPayloads['oferta.aceptada'];
      const usuarios = await usuariosDe(db, 'proveedor', proveedor_id);
      return usuarios.flatMap((id) => [
        { canal: 'email' as const, destino: destinoUsuario(id) },
        { canal: 'push' as const, destino: destinoUsuario(id) },
      ]);
    }
    case 'porte.entregado':
    case 'porte.retrasado': {
      const { cliente_id } = payload as EventPayloads['porte.entregado'];
      return [
        ...emailYPush(await usuariosDe(db, 'cliente', cliente_id)),
        // The visitors of the shipment's links who asked for its notices (issue 19).
        ...(await destinosAvisoEnvio(db, tipo, payload)),
      ];
    }
    case 'certificado.caduca': {
      const { proveedor_id } = payload as EventPayloads['certificado.caduca'];
      return emailYPush(await usuariosDe(db, 'proveedor', proveedor_id));
    }
    case 'aviso.parada': {
      // Push goes to the browsers the customer's users subscribed (their opt-in); e-mail
      // only for what changes their plans: loaded, unloaded, an incident (decision 011).
      const { cliente_id, evento } = payload as EventPayloads['aviso.parada'];
      const usuarios = await usuariosDe(db, 'cliente', cliente_id);
      return [
        ...(AVISO_PARADA_POR_EMAIL.includes(evento.tipo)
          ? emailYPush(usuarios)
          : usuarios.map((id) => ({ canal: 'push' as const, destino: destinoUsuario(id) }))),
        ...(await destinosAvisoEnvio(db, tipo, payload)),
      ];
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
