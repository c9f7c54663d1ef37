import type { DatosAviso } from '@extranet/contracts/avisos/aviso';
import { CANALES_POR_DEFECTO, type TipoAviso } from '@extranet/contracts/avisos/constants';
import type { Kysely } from 'kysely';
import type { CanalEntrega, Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { insertAvisos, preferenciasDe } from './repository.js';

/*
 * The notice centre's side of the outbox (issue 20 point 2, decision 021): called by
 * `recordEvent` in the transaction of the event, it writes one notice per user concerned and
 * answers which of them also get it by push and by e-mail, after their preferences.
 */

/** An event told to the users of one company of one portal. */
export interface AvisoAUsuarios {
  tipo: TipoAviso;
  portal: Portal;
  empresaId: number;
  usuarios: readonly number[];
  /** The push notification's words (Spanish): what older clients and rows show. */
  titulo: string;
  texto: string;
  url: string;
  /** The message as data, which the web words in the user's language (decision 021). */
  datos: DatosAviso;
  /** Set when the same fact may be recorded again (a load re-sent): one notice per user. */
  clave?: string;
  /** False when this event never goes by e-mail, whatever the preference (a driver's arrival). */
  email?: boolean;
}

/** A push or e-mail delivery of the outbox (`usuario:<id>`, or `usuario:<id>@<portal>`). */
export interface DestinoUsuario {
  canal: CanalEntrega;
  destino: string;
}

/** The delivery destination of a user; the portal is named when the event type does not say. */
export function destinoUsuarioEn(usuarioId: number, portal?: Portal): string {
  return portal ? `usuario:${usuarioId}@${portal}` : `usuario:${usuarioId}`;
}

/**
 * Writes the notices and returns the push and e-mail deliveries the users' preferences allow.
 * A user who already had the notice (same `clave`) gets no delivery again.
 */
export async function registrarAvisos(
  trx: Kysely<Database>,
  eventoId: number,
  aviso: AvisoAUsuarios,
  options: { portalEnDestino?: boolean } = {},
): Promise<DestinoUsuario[]> {
  const usuarios = await insertAvisos(trx, aviso.portal, aviso.empresaId, aviso.usuarios, {
    tipo: aviso.tipo,
    eventoId,
    titulo: aviso.titulo,
    texto: aviso.texto,
    datos: JSON.stringify(aviso.datos),
    url: aviso.url,
    clave: aviso.clave ?? null,
    createdAt: clock.now().toISOString(),
  });
  const preferencias = await preferenciasDe(trx, usuarios, aviso.tipo);
  const portal = options.portalEnDestino ? aviso.portal : undefined;
  // In the order the users were given (the inserts' RETURNING order is the database's).
  return aviso.usuarios
    .filter((id) => usuarios.includes(id))
    .flatMap((id) => {
      const canales = preferencias.get(id) ?? CANALES_POR_DEFECTO[aviso.tipo];
      const destino = destinoUsuarioEn(id, portal);
      return [
        ...(canales.email && aviso.email !== false ? [{ canal: 'email' as const, destino }] : []),
        ...(canales.push ? [{ canal: 'push' as const, destino }] : []),
      ];
    });
}
