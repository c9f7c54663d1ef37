import { z } from 'zod';
import { CursorId, decodeCursor, encodeCursor, type CursorValues } from './cursor.js';

/** A page of a keyset list as the contracts show it. */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * One keyset-ordered list: how to read `limit` rows after a position and the position of a
 * row. The page of the API and the whole-result exports both walk it.
 */
export interface KeysetList<Row, Key extends CursorValues> {
  /** Cursor tag: a cursor of one list (or order) is refused by another. */
  tag: string;
  /** The shape of the position inside the cursor (checked when a cursor comes back). */
  schema: z.ZodType<Key>;
  /** Rows after `after` (from the start when undefined), in the keyset order, at most `limit`. */
  fetch: (after: NoInfer<Key> | undefined, limit: number) => Promise<Row[]>;
  /** The keyset position of a row: its sort key(s), then its id, as `schema` reads them. */
  keyOf: (row: Row) => CursorValues;
}

/** A position of a list ordered by a calendar date (YYYY-MM-DD), then by id. */
export type DateIdKey = readonly [fecha: string, id: number];
const DateIdValues = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), CursorId]);

/** A keyset list ordered by a row's calendar date, then its id (shipments, invoices…). */
export function byDateAndId<
  Column extends string,
  Row extends { id: number } & Record<Column, string>,
>(
  tag: string,
  column: Column,
  fetch: KeysetList<Row, DateIdKey>['fetch'],
): KeysetList<Row, DateIdKey> {
  return { tag, schema: DateIdValues, fetch, keyOf: (row) => [row[column], row.id] };
}

/**
 * One page after the opaque `cursor`: fetches `limit + 1` rows to know whether there is a next
 * page without counting, and the next cursor points after the page's last row.
 */
export async function keysetPage<Row, Key extends CursorValues>(
  list: KeysetList<Row, Key>,
  cursor: string | undefined,
  limit: number,
): Promise<KeysetPage<Row>> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor, list.tag, list.schema);
  const rows = await list.fetch(after, limit + 1);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last !== undefined ? encodeCursor(list.tag, list.keyOf(last)) : null,
  };
}

/** Every row of the list, batch after batch along the keyset, as the consumer pulls them. */
export async function* keysetBatches<Row, Key extends CursorValues>(
  list: KeysetList<Row, Key>,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await list.fetch(after, batchSize);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (last === undefined || rows.length < batchSize) return;
    // Through the schema, as a cursor would come back: once per batch.
    after = list.schema.parse(list.keyOf(last));
  }
}

/** The batches with each row mapped (a repository row to what the export shows). */
export async function* mapBatches<A, B>(
  batches: AsyncIterable<A[]>,
  map: (row: A) => B,
): AsyncGenerator<B[]> {
  for await (const rows of batches) yield rows.map(map);
}
