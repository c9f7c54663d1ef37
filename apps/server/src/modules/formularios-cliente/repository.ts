import { sql, type SelectQueryBuilder } from 'kysely';
import { keysetSeek } from '../../db/keyset.js';

/** The previous page's last (created_at, id) of a client's forms: newest first. */
export type FormulariosKeyset = readonly [createdAt: string, id: number] | undefined;

/**
 * A page of one client's requests or suggestions (the query already filters by `cliente_id`),
 * newest first after the keyset position: the order of their (cliente_id, created_at, id) index.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  after: FormulariosKeyset,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .$if(after !== undefined, (qb) => qb.where(keysetSeek('created_at', 'id', '<', after!)))
    .orderBy(sql.ref('created_at'), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(limit);
}
