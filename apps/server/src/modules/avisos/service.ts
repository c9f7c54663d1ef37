import {
  DatosAviso,
  type Aviso,
  type AvisosPage,
  type AvisosQuery,
  type PreferenciasAvisos,
  type PreferenciasAvisosRequest,
} from '@extranet/contracts/avisos/aviso';
import {
  CANALES_POR_DEFECTO,
  TIPOS_AVISO_POR_PORTAL,
  isTipoAviso,
  type TipoAviso,
} from '@extranet/contracts/avisos/constants';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId } from '../../lib/cursor.js';
import { HttpError } from '../../lib/http-error.js';
import { keysetPage } from '../../lib/keyset-page.js';
import {
  countNoLeidos,
  deleteAvisosAntesDe,
  listAvisos as listAvisosRows,
  marcarLeido,
  marcarTodosLeidos,
  preferenciasDeUsuario,
  upsertPreferencias,
  type DuenoAvisos,
} from './repository.js';

type Db = Kysely<Database>;

/*
 * How long notices are kept (decision 021): a read notice has done its work and goes after a
 * quarter; an unread one stays a year, so someone back from a long leave still finds it.
 */
/** Read notices older than this are purged. */
export const RETENCION_AVISOS_LEIDOS_DIAS = 90;
/** Every notice older than this is purged, read or not. */
export const RETENCION_AVISOS_DIAS = 365;

/** The notice centre of the session's user (issue 20 point 2). */

export async function listAvisos(
  db: Db,
  owner: DuenoAvisos,
  query: AvisosQuery,
): Promise<AvisosPage> {
  const page = await keysetPage(
    {
      tag: query.estado === 'no_leidos' ? 'avisos-no-leidos' : 'avisos',
      schema: z.tuple([CursorId]),
      fetch: (after, limit) =>
        listAvisosRows(db, owner, query.estado === 'no_leidos', after?.[0], limit),
      keyOf: (row) => [Number(row.id)],
    },
    query.cursor,
    query.limit,
  );
  return {
    items: page.items.map((row): Aviso => ({
      id: Number(row.id),
      tipo: isTipoAviso(row.tipo) ? row.tipo : 'oferta',
      titulo: row.titulo,
      texto: row.texto,
      datos: datosDe(row.datos),
      url: row.url,
      leido: row.leido_at !== null,
      created_at: row.created_at,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * The stored message of a notice; null for the notices written before it was kept, or one this
 * version no longer knows (the web then shows the Spanish title and text).
 */
function datosDe(json: string | null): DatosAviso | null {
  if (json === null) return null;
  try {
    const parsed = DatosAviso.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function resumenAvisos(db: Db, owner: DuenoAvisos) {
  return { noLeidos: await countNoLeidos(db, owner) };
}

export async function marcarAvisoLeido(db: Db, owner: DuenoAvisos, id: number): Promise<null> {
  if (!(await marcarLeido(db, owner, id, clock.now().toISOString()))) {
    throw new HttpError(404, 'NOT_FOUND', 'Aviso no encontrado.');
  }
  return null;
}

export async function marcarAvisosLeidos(db: Db, owner: DuenoAvisos) {
  return { marcados: await marcarTodosLeidos(db, owner, clock.now().toISOString()) };
}

/** Every kind of the portal with the user's channels (the defaults where never chosen). */
export async function preferenciasAvisos(
  db: Db,
  usuarioId: number,
  portal: Portal,
): Promise<PreferenciasAvisos> {
  const stored = new Map(
    (await preferenciasDeUsuario(db, usuarioId)).map((row) => [row.tipo, row]),
  );
  return {
    items: TIPOS_AVISO_POR_PORTAL[portal].map((tipo: TipoAviso) => {
      const row = stored.get(tipo);
      return row
        ? { tipo, push: row.push === 1, email: row.email === 1 }
        : { tipo, ...CANALES_POR_DEFECTO[tipo] };
    }),
  };
}

/** Stores the chosen channels; a kind of the other portal is refused (400), nothing stored. */
export async function cambiarPreferenciasAvisos(
  db: Db,
  usuarioId: number,
  portal: Portal,
  body: PreferenciasAvisosRequest,
): Promise<PreferenciasAvisos> {
  const propios: readonly string[] = TIPOS_AVISO_POR_PORTAL[portal];
  const ajeno = body.items.find((item) => !propios.includes(item.tipo));
  if (ajeno) {
    throw new HttpError(
      400,
      'VALIDATION_ERROR',
      `Este portal no tiene avisos de tipo «${ajeno.tipo}».`,
    );
  }
  await db.transaction().execute(async (trx) => {
    await upsertPreferencias(trx, usuarioId, body.items, clock.now().toISOString());
  });
  return preferenciasAvisos(db, usuarioId, portal);
}

/** Retention purge of the notices (RETENCION_AVISOS_LEIDOS_DIAS, RETENCION_AVISOS_DIAS). */
export function purgarAvisos(db: Db, now: Date): Promise<number> {
  const hace = (dias: number) => new Date(now.getTime() - dias * 86_400_000).toISOString();
  return deleteAvisosAntesDe(db, {
    leidosAntes: hace(RETENCION_AVISOS_LEIDOS_DIAS),
    todosAntes: hace(RETENCION_AVISOS_DIAS),
  });
}
