import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';

type Db = Kysely<Database>;

/** PostgreSQL's SQLSTATE for a lock not obtained within `lock_timeout`. */
export const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Events of these types after `despuesDe`, oldest first, and the highest event id visible.
 *
 * Ids come from a sequence when the row is inserted, not when it commits: without care a read
 * could see event 11 committed while 10 is still in flight, move the cursor past 10 and lose
 * it. On PostgreSQL the read first takes `SHARE` on `eventos`, which waits for every open
 * transaction that has inserted an event and holds new inserts back for the few milliseconds
 * of the read, so everything up to the highest visible id is final. SQLite has one writer at a
 * time: an id is never visible before a lower one is committed or gone.
 */
export async function readEventosDesde(
  db: Db,
  options: { despuesDe: number; tipos: readonly string[]; limite: number },
) {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // A long batch still writing events must not hold the ERP's read (and new events) long.
      await sql`set local lock_timeout = '5s'`.execute(trx);
      await sql`lock table eventos in share mode`.execute(trx);
    }
    const rows = await trx
      .selectFrom('eventos')
      .select(['id', 'tipo', 'payload', 'created_at'])
      .where('id', '>', options.despuesDe)
      .where('tipo', 'in', options.tipos)
      .orderBy('id')
      .limit(options.limite)
      .execute();
    const max = await trx
      .selectFrom('eventos')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return {
      rows: rows.map((r) => ({ ...r, id: Number(r.id), created_at: String(r.created_at) })),
      maxId: max?.id == null ? 0 : Number(max.id),
    };
  });
}
