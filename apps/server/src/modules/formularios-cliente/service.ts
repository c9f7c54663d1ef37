import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ClienteActor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/repository.js';

/*
 * What the two customer forms ("Solicitar Transporte", "Sugerencias") share when one is sent:
 * the row, its audit entry and its outbox event are written in one transaction, so the
 * operators are told (by the outbox worker) exactly about what was stored.
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
