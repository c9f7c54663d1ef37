import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database, Portal, RegionCodigo } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import type { LoadedSession } from '../../plugins/session.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
// The session plugin owns the shape a request carries; this module stores it.
export type { LoadedSession, Session } from '../../plugins/session.js';
import { deleteSesion, findSesion, insertSesion, rekeySesion, touchSesion } from './repository.js';

export interface NewSession {
  usuarioId: number | null;
  portal: Portal;
  region: RegionCodigo;
  clienteId: number | null;
  proveedorId: number | null;
  accessTokenId?: number | null;
  /** Ends the session earlier than the absolute limit (e.g. the access link's expiry). */
  notAfter?: string;
}

/** Session timing rules from the configuration. */
export type SessionLimits = Pick<AppConfig, 'sessionIdleMinutes' | 'sessionAbsoluteHours'>;

/** `last_seen_at` is rewritten at most once a minute: idle expiry needs no finer grain. */
const TOUCH_INTERVAL_MS = 60_000;

/** The database key of a cookie value: only its hash is stored. */
export function sessionKey(cookieValue: string): string {
  return sha256Hex(cookieValue);
}

/** The public id derived from the key: reveals neither the cookie nor the key. */
export function publicSessionId(key: string): string {
  return sha256Hex(key).slice(0, 16);
}

/**
 * Creates a session and returns the cookie value for it. Call inside the login transaction;
 * `replacesKey` (the caller's previous session) is deleted, so a login always rotates the id.
 */
export async function createSession(
  db: Kysely<Database>,
  limits: SessionLimits,
  data: NewSession,
  replacesKey?: string | null,
): Promise<{ cookieValue: string } & LoadedSession> {
  if (replacesKey) await deleteSesion(db, replacesKey);
  const cookieValue = randomToken();
  const key = sessionKey(cookieValue);
  const now = clock.now();
  const absolute = new Date(now.getTime() + limits.sessionAbsoluteHours * 3_600_000).toISOString();
  const expiresAt = data.notAfter && data.notAfter < absolute ? data.notAfter : absolute;
  await insertSesion(db, {
    id: key,
    usuario_id: data.usuarioId,
    portal: data.portal,
    region: data.region,
    cliente_id: data.clienteId,
    proveedor_id: data.proveedorId,
    access_token_id: data.accessTokenId ?? null,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return {
    cookieValue,
    key,
    session: {
      id: publicSessionId(key),
      usuarioId: data.usuarioId,
      portal: data.portal,
      region: data.region,
      clienteId: data.clienteId,
      proveedorId: data.proveedorId,
      viaAccessLink: data.accessTokenId != null,
    },
  };
}

/**
 * The live session behind a cookie value, or null. A session past its idle or absolute
 * expiry, or whose access link was revoked or expired, is deleted on sight.
 */
export async function resumeSession(
  db: Kysely<Database>,
  limits: SessionLimits,
  cookieValue: string,
): Promise<LoadedSession | null> {
  const key = sessionKey(cookieValue);
  const row = await findSesion(db, key);
  if (!row) return null;
  const now = clock.now();
  const nowIso = now.toISOString();
  const idleMs = now.getTime() - Date.parse(row.last_seen_at);
  const linkDead =
    row.access_token_id != null &&
    (row.link_revoked_at != null || row.link_expires_at == null || row.link_expires_at <= nowIso);
  if (row.expires_at <= nowIso || idleMs > limits.sessionIdleMinutes * 60_000 || linkDead) {
    await deleteSesion(db, key);
    return null;
  }
  if (idleMs >= TOUCH_INTERVAL_MS) await touchSesion(db, key, nowIso);
  return {
    key,
    session: {
      id: publicSessionId(key),
      usuarioId: row.usuario_id,
      portal: row.portal,
      region: row.region,
      clienteId: row.cliente_id,
      proveedorId: row.proveedor_id,
      viaAccessLink: row.access_token_id != null,
    },
  };
}

/**
 * Gives a live session a new id (new cookie value, new key) on a change of privilege, such as
 * the choice of the active client or supplier (OWASP session fixation): the old cookie is dead
 * from here on. `changes` are applied in the same update. Null when the session is gone.
 */
export async function rotateSession(
  db: Kysely<Database>,
  current: LoadedSession,
  changes: { clienteId?: number; proveedorId?: number } = {},
): Promise<({ cookieValue: string } & LoadedSession) | null> {
  const cookieValue = randomToken();
  const key = sessionKey(cookieValue);
  const moved = await rekeySesion(db, current.key, key, {
    ...(changes.clienteId === undefined ? {} : { cliente_id: changes.clienteId }),
    ...(changes.proveedorId === undefined ? {} : { proveedor_id: changes.proveedorId }),
  });
  if (!moved) return null;
  return {
    cookieValue,
    key,
    session: { ...current.session, ...changes, id: publicSessionId(key) },
  };
}

export async function destroySession(db: Kysely<Database>, key: string): Promise<void> {
  await deleteSesion(db, key);
}
