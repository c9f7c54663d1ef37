import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Helpers for migrations only. Migrations are frozen: they must not import app code, so
 * the portable-type rules (docs/decisions/002-portable-sql-types.md) are restated here.
 */

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Database-side "now" in the app's timestamp format for each dialect. */
export function nowDefault(db: Kysely<unknown>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** Column type of instants: timestamptz, or ISO-8601 UTC text in SQLite. */
export function instantType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** Column type of calendar dates: date, or 'YYYY-MM-DD' text in SQLite. */
export function dateType(db: Kysely<unknown>): 'date' | 'text' {
  return isPostgres(db) ? 'date' : 'text';
}

/** Column type of ids and id references. */
export function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** Column type of coordinates. */
export function realType(db: Kysely<unknown>): 'double precision' | 'real' {
  return isPostgres(db) ? 'double precision' : 'real';
}

/** Adds the auto-increment integer primary key `id`. */
export function withId<T extends string, C extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (col) => col.generatedByDefaultAsIdentity().primaryKey())
    : // `integer primary key` is SQLite's rowid; autoincrement never reuses deleted ids.
      table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** `created_at`-style column defaulting to now. */
export function instantNow(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
}

/** 0/1 flag column with a default and a check constraint. */
export function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}

/** Check constraint listing the allowed values of a text column. */
export function oneOf(name: string, values: readonly string[]) {
  return (col: ColumnDefinitionBuilder) =>
    col.check(sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`);
}
