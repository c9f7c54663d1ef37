import { randomBytes } from 'node:crypto';
import { ApiScope } from '@extranet/contracts/integracion/integracion';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import type { ApiKeyPrincipal } from '../../plugins/integration-auth.js';
import { randomToken, safeEqual, sha256Hex } from '../../lib/tokens.js';
import {
  findApiKeyByPrefix,
  insertApiKey,
  listApiKeyRows,
  recordApiKeyUse,
  revokeApiKeyRow,
  type ApiKeyRow,
} from './repository.js';

type Db = Kysely<Database>;

/** `ext_<8 hex prefix>_<43 base64url secret>`; the secret may itself contain `_`. */
const KEY_FORMAT = /^ext_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

/** A live API key as the request sees it (never its secret nor its hash). */
export type { ApiKeyPrincipal } from '../../plugins/integration-auth.js';

/** What `api-key list` shows. */
export interface ApiKeyInfo extends ApiKeyPrincipal {
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function scopesOf(row: ApiKeyRow): ApiScope[] {
  // A scope no longer known is dropped rather than granting anything.
  const parsed = z.array(z.string()).safeParse(JSON.parse(row.scopes));
  if (!parsed.success) return [];
  return parsed.data.filter((s): s is ApiScope => ApiScope.safeParse(s).success);
}

/** Creates a key; the returned `key` is shown once and never stored. */
export async function createApiKey(
  db: Db,
  input: { nombre: string; scopes: ApiScope[] },
): Promise<{ id: number; key: string; prefix: string }> {
  const prefix = randomBytes(4).toString('hex');
  const key = `ext_${prefix}_${randomToken(32)}`;
  const id = await insertApiKey(db, {
    nombre: input.nombre,
    prefix,
    key_hash: sha256Hex(key),
    scopes: JSON.stringify([...new Set(input.scopes)]),
    created_at: clock.now().toISOString(),
  });
  return { id, key, prefix };
}

/** Revokes a key at once; false when no live key has that id. */
export function revokeApiKey(db: Db, id: number): Promise<boolean> {
  return revokeApiKeyRow(db, id, clock.now().toISOString());
}

export async function listApiKeys(db: Db): Promise<ApiKeyInfo[]> {
  const rows = await listApiKeyRows(db);
  return rows.map((row) => ({
    id: row.id,
    nombre: row.nombre,
    scopes: scopesOf(row),
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));
}

/** The live key this bearer value is, or null (malformed, unknown, wrong secret, revoked). */
export async function authenticateApiKey(db: Db, key: string): Promise<ApiKeyPrincipal | null> {
  const match = KEY_FORMAT.exec(key);
  if (!match?.[1]) return null;
  const row = await findApiKeyByPrefix(db, match[1]);
  if (!row || row.revoked_at !== null) return null;
  if (!safeEqual(row.key_hash, sha256Hex(key))) return null;
  return { id: row.id, nombre: row.nombre, scopes: scopesOf(row) };
}

/** Logs one authenticated call (method, path without query, answer). */
export function logApiKeyUse(
  db: Db,
  use: { apiKeyId: number; metodo: string; ruta: string; status: number },
): Promise<void> {
  return recordApiKeyUse(db, { ...use, at: clock.now().toISOString() });
}
