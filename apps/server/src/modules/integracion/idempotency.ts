import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { sha256Hex } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { findIdempotencyKey, insertIdempotencyKey } from './repository.js';

type Db = Kysely<Database>;

/** The `Idempotency-Key` of a write, with what identifies its request. */
export interface IdempotencyRequest {
  apiKeyId: number;
  /** The header's value; undefined when the caller sent none. */
  clave: string | undefined;
  method: string;
  /** Path without the query string. */
  path: string;
  body: unknown;
}

/** The answer of a write: fresh, or replayed from the stored first answer. */
export interface Answer<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** JSON with object keys sorted: the same payload hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(req: IdempotencyRequest): string {
  return sha256Hex(`${req.method} ${req.path}\n${canonicalJson(req.body)}`);
}

function reused() {
  return new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'La clave de idempotencia ya se usó con otro contenido.',
  );
}

async function storedAnswer<T>(
  db: Db,
  req: IdempotencyRequest & { clave: string },
  hash: string,
): Promise<Answer<T> | undefined> {
  const stored = await findIdempotencyKey(db, req.apiKeyId, req.clave);
  if (!stored) return undefined;
  if (stored.request_hash !== hash) throw reused();
  return {
    status: stored.status_code,
    body: JSON.parse(stored.response_body) as T,
    replayed: true,
  };
}

/**
 * Runs a write in one transaction. With an `Idempotency-Key`, its answer is stored in that same
 * transaction: a retry with the same payload gets the stored answer without writing again, the
 * same key with another payload (or on another endpoint) is 422. Failed writes store nothing,
 * so they may be retried. Two concurrent first tries: the loser's insert hits the unique key,
 * its transaction rolls back and it replays the winner's answer.
 */
export async function idempotentWrite<T>(
  db: Db,
  req: IdempotencyRequest,
  status: number,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<Answer<T>> {
  const clave = req.clave;
  if (clave === undefined) {
    return { status, body: await db.transaction().execute(write), replayed: false };
  }
  const keyed = { ...req, clave };
  const hash = requestHash(req);
  const earlier = await storedAnswer<T>(db, keyed, hash);
  if (earlier) return earlier;
  try {
    const body = await db.transaction().execute(async (trx) => {
      const result = await write(trx);
      await insertIdempotencyKey(trx, {
        api_key_id: req.apiKeyId,
        clave,
        request_hash: hash,
        status_code: status,
        response_body: JSON.stringify(result),
        created_at: clock.now().toISOString(),
      });
      return result;
    });
    return { status, body, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await storedAnswer<T>(db, keyed, hash);
    if (winner) return winner;
    throw error;
  }
}
