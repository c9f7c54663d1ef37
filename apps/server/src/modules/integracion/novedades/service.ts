import { Novedad } from '@extranet/contracts/integracion/eventos';
import type { Novedades, NovedadesQuery } from '@extranet/contracts/integracion/novedades';
import { TIPOS_NOVEDAD, type TipoNovedad } from '@extranet/contracts/integracion/tipos-evento';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database.js';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { HttpError } from '../../../lib/http-error.js';
import { LOCK_NOT_AVAILABLE, readEventosDesde } from './repository.js';

const TAG = 'novedades';
const Posicion = z.tuple([z.number().int().min(0)]);

/** The cursor after event `id` (0: before the first). */
export function cursorNovedades(id: number): string {
  return encodeCursor(TAG, [id]);
}

function isLockTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === LOCK_NOT_AVAILABLE
  );
}

/**
 * What happened after the cursor, in event order. A full page resumes after its last item;
 * a shorter one after the highest event id seen, so events of other types are not scanned
 * again on the next read.
 */
export async function leerNovedades(
  db: Kysely<Database>,
  query: NovedadesQuery,
): Promise<Novedades> {
  const [desde] = query.cursor ? decodeCursor(query.cursor, TAG, Posicion) : [0];
  const tipos: readonly TipoNovedad[] = query.tipos ?? TIPOS_NOVEDAD;
  let leido;
  try {
    leido = await readEventosDesde(db, {
      despuesDe: desde,
      tipos: TIPOS_NOVEDAD.filter((t) => (tipos as readonly string[]).includes(t)),
      limite: query.limit,
    });
  } catch (error) {
    if (!isLockTimeout(error)) throw error;
    throw new HttpError(
      503,
      'NOVEDADES_OCUPADO',
      'Hay escrituras en curso. Vuelva a intentarlo en unos segundos.',
    );
  }
  const { rows, maxId } = leido;
  const ultimo = rows.length === query.limit ? rows.at(-1)!.id : Math.max(desde, maxId);
  return {
    // Each item is its type's contract (the webhooks' body too); recordEvent checked it going in.
    items: rows.map((r) =>
      Novedad.parse({
        id: r.id,
        tipo: r.tipo,
        created_at: r.created_at,
        payload: JSON.parse(r.payload) as unknown,
      }),
    ),
    nextCursor: cursorNovedades(ultimo),
  };
}
