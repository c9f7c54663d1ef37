import type { Insertable, Kysely, Selectable, SelectType } from 'kysely';
import type { Database, Id } from './database.js';
import { chunks } from './sql.js';

/** Tables with a database-assigned `id`: the id an upsert hands back. */
type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: Id } ? T : never;
}[keyof Database];

type Column<T extends TableWithId> = keyof Database[T] & string;

/** Text columns a table is keyed by naturally (`erp_id`, `partida`, `referencia` …). */
type KeyColumn<T extends TableWithId> = {
  [C in Column<T>]: SelectType<Database[T][C]> extends string | null ? C : never;
}[Column<T>];

/*
 * Kysely checks a query against one known table; these helpers take the table as a type
 * parameter, so their signatures do the checking and the body runs on an untyped view.
 */
type Loose = Kysely<Record<string, Record<string, unknown>>>;
function loose(db: Kysely<Database>): Loose {
  return db as unknown as Loose;
}

/** Our ids of the rows of `table` whose `key` is one of `values` (and that match `where`). */
export async function idsByKey<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  key: KeyColumn<T>,
  values: readonly string[],
  where?: Partial<Selectable<Database[T]>>,
): Promise<Map<string, number>> {
  const column: string = key;
  const found = new Map<string, number>();
  for (const part of chunks(values, 500)) {
    const rows = await loose(db)
      .selectFrom(table as string)
      .select(['id', column])
      .where(column, 'in', part)
      .$if(where !== undefined, (qb) => qb.where((eb) => eb.and(where ?? {})))
      .execute();
    for (const row of rows) {
      const value = row[column];
      if (typeof value === 'string') found.set(value, Number(row.id));
    }
  }
  return found;
}

/**
 * Inserts `rows` into `table`; a row whose `conflict` columns (by default `key`) already exist
 * updates the `update` columns of the stored one instead. Returns our id of each row by `key`.
 */
export async function upsertByKey<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  on: { key: KeyColumn<T>; conflict?: ReadonlyArray<Column<T>>; update: ReadonlyArray<Column<T>> },
): Promise<Map<string, number>> {
  const key: string = on.key;
  const ids = new Map<string, number>();
  for (const part of chunks(rows)) {
    const stored = await loose(db)
      .insertInto(table as string)
      .values(part as Array<Record<string, unknown>>)
      .onConflict((oc) =>
        oc
          .columns(on.conflict ?? [key])
          .doUpdateSet((eb) =>
            Object.fromEntries(on.update.map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .returning(['id', key])
      .execute();
    for (const row of stored) {
      const value = row[key];
      if (typeof value === 'string') ids.set(value, Number(row.id));
    }
  }
  return ids;
}
