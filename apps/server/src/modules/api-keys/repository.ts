import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/database.js';

type Db = Kysely<Database>;
export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function insertApiKey(
  db: Db,
  values: { nombre: string; prefix: string; key_hash: string; scopes: string; created_at: string },
): Promise<number> {
  const row = await db
    .insertInto('api_keys')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findApiKeyByPrefix(db: Db, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
}

/** Revokes a live key; returns whether one was revoked. */
export async function revokeApiKeyRow(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function listApiKeyRows(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('id').execute();
}

/** Logs one call and marks the key as used, in one transaction. */
export async function recordApiKeyUse(
  db: Db,
  use: { apiKeyId: number; metodo: string; ruta: string; status: number; at: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('api_key_usos')
      .values({
        api_key_id: use.apiKeyId,
        metodo: use.metodo,
        ruta: use.ruta,
        status: use.status,
        at: use.at,
      })
      .execute();
    await trx
      .updateTable('api_keys')
      .set({ last_used_at: use.at })
      .where('id', '=', use.apiKeyId)
      .execute();
  });
}
