import {
  TIPOS_NOVEDAD,
  type Novedades,
  type NovedadesQuery,
  type TipoNovedad,
} from '@extranet/contracts/integracion/novedades';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database.js';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import type { TipoEvento } from '../../../outbox/events.js';
import { HttpError } from '../../../lib/http-error.js';
import { LOCK_NOT_AVAILABLE, readEventosDesde } from './repository.js';

/** Every readable type is an event type the outbox records. */
const TIPOS: readonly TipoEvento[] = TIPOS_NOVEDAD satisfies readonly TipoEvento[];

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
  const [desde] = query.desde ? decodeCursor(query.desde, TAG, Posicion) : [0];
  const tipos: readonly TipoNovedad[] = query.tipos ?? TIPOS_NOVEDAD;
  let leido;
  try {
    leido = await readEventosDesde(db, {
      despuesDe: desde,
      tipos: TIPOS.filter((t) => (tipos as readonly string[]).includes(t)),
      limite: query.limite,
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
  const ultimo = rows.length === query.limite ? rows.at(-1)!.id : Math.max(desde, maxId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      tipo: r.tipo as TipoNovedad,
      created_at: r.created_at,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
    })),
    siguiente: cursorNovedades(ultimo),
  };
}
