import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The keyset seek `(key, id) < (value, id)` (`>` for ascending orders): the rows after the
 * cursor's position. Both planners use the row value as the bound of a (…, key, id) index.
 */
export function keysetSeek(
  key: string | Expression<unknown>,
  id: string,
  op: '<' | '>',
  after: readonly [unknown, unknown],
): RawBuilder<SqlBool> {
  const keyRef = typeof key === 'string' ? sql.ref(key) : key;
  return sql<SqlBool>`(${keyRef}, ${sql.ref(id)}) ${sql.raw(op)} (${after[0]}, ${after[1]})`;
}
