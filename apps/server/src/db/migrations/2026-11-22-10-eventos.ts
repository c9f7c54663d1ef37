// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { flag, idRefType, instantNow, instantType, oneOf, withId } from './dialect.js';

/*
 * Notifications (issue 6), a transactional outbox:
 * - `eventos`: what happened (an offer, a CMR, a carrier invoice, a request, a suggestion),
 *   written in the same transaction as the change; payload is JSON text.
 * - `entregas`: one row per event and channel/target, the delivery log. A worker claims due
 *   rows by pushing `proximo_intento_at` forward (a lease): a worker that dies mid-delivery
 *   leaves the row due again once the lease runs out, so nothing is lost.
 * - `webhooks`: URLs configured with the CLI, the event types they want and their secret
 *   (kept in clear: it signs every delivery).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await withId(db, db.schema.createTable('eventos'))
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema.createIndex('eventos_tipo_idx').on('eventos').columns(['tipo', 'id']).execute();

  await withId(db, db.schema.createTable('entregas'))
    .addColumn('evento_id', id, (col) => col.notNull().references('eventos.id').onDelete('cascade'))
    .addColumn('canal', 'text', (col) =>
      oneOf('canal', ['email', 'push', 'webhook'])(col.notNull()),
    )
    .addColumn('destino', 'text', (col) => col.notNull())
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['pendiente', 'entregada', 'fallida'])(col.notNull().defaultTo('pendiente')),
    )
    .addColumn('intentos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('proximo_intento_at', instant, (col) => col.notNull())
    .addColumn('ultimo_error', 'text')
    .addColumn('entregada_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  // The worker's claim: pending rows by due time.
  await db.schema
    .createIndex('entregas_pendientes_idx')
    .on('entregas')
    .columns(['estado', 'proximo_intento_at'])
    .execute();
  await db.schema.createIndex('entregas_evento_idx').on('entregas').column('evento_id').execute();

  await withId(db, db.schema.createTable('webhooks'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('tipos', 'text', (col) => col.notNull())
    .addColumn('activo', 'integer', flag('activo', 1))
    .addColumn('created_at', instant, instantNow(db))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('entregas').execute();
  await db.schema.dropTable('eventos').execute();
}
