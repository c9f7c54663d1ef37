import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `LIKE` prefix pattern of user text, lower-cased: its own `%`, `_` and `\` match literally. */
export function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Case-insensitive "starts with" on a column, the same on SQLite and PostgreSQL. */
export function startsWithIgnoringCase(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${prefixPattern(text)} escape '\\'`;
}
