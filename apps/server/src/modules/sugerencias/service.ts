import type {
  Sugerencia,
  SugerenciasPage,
  SugerenciasQuery,
} from '@extranet/contracts/sugerencias/sugerencia';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId, decodeCursor, encodeCursor } from '../../lib/cursor.js';
import { recordEvent } from '../../outbox/events.js';
import type { ClienteActor } from '../../plugins/actor.js';
import { recordFormulario } from '../formularios-cliente/service.js';
import { insertSugerencia, listSugerencias } from './repository.js';

type Db = Kysely<Database>;

const CURSOR = 'sug';
const KeysetValues = z.tuple([z.string().min(10).max(40), CursorId]);

/** Records a suggestion of this client, its audit entry and its event, in one transaction. */
export async function crearSugerencia(
  db: Db,
  actor: ClienteActor,
  body: { asunto?: string | null | undefined; texto: string },
): Promise<Sugerencia> {
  const row = await recordFormulario(db, actor, 'sugerencia', {
    insert: (trx) =>
      insertSugerencia(trx, {
        cliente_id: actor.clienteId,
        usuario_id: actor.usuarioId,
        asunto: body.asunto ?? null,
        texto: body.texto,
        // Millisecond instants from the app clock: the keyset cursor round-trips them exactly.
        created_at: clock.now().toISOString(),
      }),
    event: (trx, inserted) =>
      recordEvent(trx, 'sugerencia.recibida', {
        sugerencia_id: inserted.id,
        cliente_id: actor.clienteId,
        usuario_id: actor.usuarioId,
        asunto: inserted.asunto,
        texto: inserted.texto,
      }),
  });
  return { ...row, created_at: String(row.created_at) };
}

/** This client's suggestions, newest first. */
export async function listSugerenciasPage(
  db: Db,
  clienteId: number,
  query: SugerenciasQuery,
): Promise<SugerenciasPage> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, CURSOR, KeysetValues);
  const rows = await listSugerencias(db, clienteId, after, query.limit + 1);
  const items = rows.slice(0, query.limit).map((r) => ({ ...r, created_at: String(r.created_at) }));
  const last = items[items.length - 1];
  return {
    items,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(CURSOR, [last.created_at, last.id]) : null,
  };
}
