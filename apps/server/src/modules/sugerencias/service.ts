import type {
  Sugerencia,
  SugerenciasPage,
  SugerenciasQuery,
} from '@extranet/contracts/sugerencias/sugerencia';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId } from '../../lib/cursor.js';
import { keysetPage } from '../../lib/keyset-page.js';
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
  const page = await keysetPage(
    {
      tag: CURSOR,
      schema: KeysetValues,
      fetch: (after, limit) => listSugerencias(db, clienteId, after, limit),
      keyOf: (row) => [String(row.created_at), row.id],
    },
    query.cursor,
    query.limit,
  );
  return {
    items: page.items.map((r) => ({ ...r, created_at: String(r.created_at) })),
    nextCursor: page.nextCursor,
  };
}
