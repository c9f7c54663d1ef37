import { PostgresAdapter, type Kysely } from 'kysely';

/** True on PostgreSQL, false on SQLite: for the few statements that differ (locks, plans). */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Rows per multi-row statement by default: far below both dialects' bound-parameter limits. */
export const ROWS_PER_STATEMENT = 200;

/** `items` in slices of at most `size`, for multi-row inserts and `in (…)` lists. */
export function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
