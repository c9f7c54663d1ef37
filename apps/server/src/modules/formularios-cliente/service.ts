import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { CursorId } from '../../lib/cursor.js';
import { keysetPage, type KeysetPage } from '../../lib/keyset-page.js';
import type { ClienteActor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/repository.js';
import type { FormulariosKeyset } from './repository.js';

/*
 * What the two customer forms ("Solicitar Transporte", "Sugerencias") share: when one is sent,
 * the row, its audit entry and its outbox event are written in one transaction, so the
 * operators are told (by the outbox worker) exactly about what was stored; the client's list of
 * them pages newest first.
 */

/**
 * Records what a customer sent: `insert` writes the row, the audit log gets
 * `<entidad>.creada` with the client, then `event` records the outbox event; all or nothing.
 */
export async function recordFormulario<Row extends { id: number }>(
  db: Kysely<Database>,
  actor: ClienteActor,
  entidad: 'solicitud' | 'sugerencia',
  steps: {
    insert: (trx: Transaction<Database>) => Promise<Row>;
    event: (trx: Transaction<Database>, row: Row) => Promise<unknown>;
  },
): Promise<Row> {
  return db.transaction().execute(async (trx) => {
    const row = await steps.insert(trx);
    await recordAudit(trx, {
      accion: `${entidad}.creada`,
      usuarioId: actor.usuarioId,
      portal: 'clientes',
      entidad,
      entidadId: row.id,
      ip: actor.ip,
      detalles: { clienteId: actor.clienteId },
    });
    await steps.event(trx, row);
    return row;
  });
}

/** A form row as the contracts show it: `created_at` as text on both databases. */
export function conFechaTexto<Row extends { created_at: unknown }>(
  row: Row,
): Omit<Row, 'created_at'> & { created_at: string } {
  return { ...row, created_at: String(row.created_at) };
}

const KeysetValues = z.tuple([z.string().min(10).max(40), CursorId]);

/** One page of a client's forms, newest first; `tag` keeps a cursor to its own list. */
export async function formulariosPage<Row extends { id: number; created_at: unknown }>(
  tag: string,
  fetch: (after: FormulariosKeyset, limit: number) => Promise<Row[]>,
  query: { cursor?: string | undefined; limit: number },
): Promise<KeysetPage<Omit<Row, 'created_at'> & { created_at: string }>> {
  const page = await keysetPage(
    { tag, schema: KeysetValues, fetch, keyOf: (row) => [String(row.created_at), row.id] },
    query.cursor,
    query.limit,
  );
  return { items: page.items.map(conFechaTexto), nextCursor: page.nextCursor };
}
