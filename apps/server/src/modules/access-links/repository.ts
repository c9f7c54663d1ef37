import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';

export async function insertAccessToken(
  db: Kysely<Database>,
  row: {
    portal: Portal;
    empresaId: number;
    tokenHash: string;
    descripcion: string | null;
    createdAt: string;
    expiresAt: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto('access_tokens')
    .values({
      portal: row.portal,
      cliente_id: row.portal === 'clientes' ? row.empresaId : null,
      proveedor_id: row.portal === 'proveedores' ? row.empresaId : null,
      token_hash: row.tokenHash,
      descripcion: row.descripcion,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** A usable link of that portal bound to that company (ownership in the query). */
export async function findLiveAccessToken(
  db: Kysely<Database>,
  q: { tokenHash: string; portal: Portal; empresaId: number; now: string },
) {
  return db
    .selectFrom('access_tokens')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', q.tokenHash)
    .where('portal', '=', q.portal)
    .where(q.portal === 'clientes' ? 'cliente_id' : 'proveedor_id', '=', q.empresaId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', q.now)
    .executeTakeFirst();
}

export async function markAccessTokenUsed(db: Kysely<Database>, id: number, at: string) {
  await db.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Revokes the link; false when no live link has that hash. */
export async function revokeAccessToken(
  db: Kysely<Database>,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('access_tokens')
    .set({ revoked_at: at })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The active customer or supplier company a link may be bound to. */
export async function findEmpresaActiva(db: Kysely<Database>, portal: Portal, id: number) {
  return db
    .selectFrom(portal === 'clientes' ? 'clientes' : 'proveedores')
    .select(['id', 'region', 'razon_social'])
    .where('id', '=', id)
    .where('activo', '=', 1)
    .executeTakeFirst();
}
