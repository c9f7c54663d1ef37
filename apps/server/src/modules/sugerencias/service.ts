import type {
  Sugerencia,
  SugerenciasPage,
  SugerenciasQuery,
} from '@extranet/contracts/sugerencias/sugerencia';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../../outbox/events.js';
import type { ClienteActor } from '../../plugins/actor.js';
import {
  conFechaTexto,
  formulariosPage,
  recordFormulario,
} from '../formularios-cliente/service.js';
import { insertSugerencia, listSugerencias } from './repository.js';

type Db = Kysely<Database>;

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
  return conFechaTexto(row);
}

/** This client's suggestions, newest first. */
export async function listSugerenciasPage(
  db: Db,
  clienteId: number,
  query: SugerenciasQuery,
): Promise<SugerenciasPage> {
  return formulariosPage(
    'sug',
    (after, limit) => listSugerencias(db, clienteId, after, limit),
    query,
  );
}
