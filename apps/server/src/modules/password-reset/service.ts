import type { RegionCode } from '@extranet/contracts/regiones/region';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { MailMessage } from '../../mail/mailer.js';
import { passwordRecoveryMail } from '../../mail/templates/password-recovery.js';
import { recordEvent } from '../../outbox/events.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import { hashPassword } from '../auth/password.js';
import { weakPasswordReason } from './password-policy.js';
import {
  countResetsSince,
  endSessionsOfUser,
  expireOpenResets,
  findActiveUserByEmail,
  findUsableReset,
  insertReset,
  markResetUsed,
  updatePasswordHash,
} from './repository.js';

/** A recovery link works for 60 minutes (issue 3). */
export const RESET_TOKEN_MINUTES = 60;
/** At most this many recovery e-mails per user per window: no mail-bombing a victim. */
const MAX_RESETS_PER_WINDOW = 3;
const RESET_WINDOW_MINUTES = 15;

export const INVALID_TOKEN_MESSAGE =
  'El enlace de recuperación no es válido o ha caducado. Solicite uno nuevo.';

export interface PasswordRecoveryInput {
  email: string;
  region: RegionCode;
  portal: 'clientes' | 'proveedores';
  /** Client IP, for the audit log. */
  ip?: string | null;
}

/**
 * What the recovery services need: the database, the public URL the links point to, a logger.
 * (The Fastify instance has all three, so the outbox worker and the tests pass it as is.)
 */
export interface PasswordResetDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** Only the SHA-256 of a token is stored: a database leak yields no usable link. */
export function hashResetToken(token: string): string {
  return sha256Hex(token);
}

/**
 * The recovery half of `POST /api/login` (`clave` = RECOVERY_MARKER). It only records the
 * request in the outbox, the same single insert whether the e-mail has an account or not, so
 * neither the answer nor its timing tells which e-mails exist
 * (docs/decisions/004-recovery-without-enumeration.md). The outbox worker then sends the link,
 * or nothing (`passwordRecoveryMailFor`), and retries a failed e-mail.
 */
export async function requestPasswordRecovery(
  deps: Pick<PasswordResetDeps, 'db'>,
  input: PasswordRecoveryInput,
): Promise<{ recoverEmailSent: boolean }> {
  await deps.db.transaction().execute(async (trx) => {
    await recordEvent(trx, 'clave.recuperacion', {
      email: input.email.trim(),
      region: input.region,
      portal: input.portal,
      ip: input.ip ?? null,
    });
  });
  return { recoverEmailSent: true };
}

/**
 * Run by the outbox worker for a recovery request: for an active user under the per-user
 * limit, a new single-use link (only its hash stored) and the e-mail carrying it, never a
 * password; for an unknown, inactive or over-limit address, null (nothing is sent).
 */
export async function passwordRecoveryMailFor(
  deps: PasswordResetDeps,
  input: PasswordRecoveryInput,
): Promise<MailMessage | null> {
  const now = clock.now();
  const user = await findActiveUserByEmail(deps.db, input.email.trim(), input.region);
  if (!user) return null;
  const windowStart = new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000).toISOString();
  if ((await countResetsSince(deps.db, user.id, windowStart)) >= MAX_RESETS_PER_WINDOW) {
    deps.log.warn({ usuarioId: user.id }, 'password recovery: per-user limit reached');
    return null;
  }

  const token = randomToken(32);
  const nowIso = now.toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await expireOpenResets(trx, user.id, nowIso);
    await insertReset(trx, {
      usuarioId: user.id,
      tokenHash: hashResetToken(token),
      createdAt: nowIso,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
    });
    await recordAudit(trx, {
      accion: 'password_recovery_requested',
      usuarioId: user.id,
      portal: input.portal,
      entidad: 'usuarios',
      entidadId: user.id,
      ip: input.ip ?? null,
    });
  });

  // The token travels in the fragment: browsers never send it to a server, so it stays out
  // of access logs and Referer headers; the page reads it and posts it in a JSON body.
  const link = `${deps.config.publicUrl}/nueva-clave?portal=${input.portal}#${token}`;
  return passwordRecoveryMail({
    to: user.email,
    nombre: user.nombre,
    link,
    validMinutes: RESET_TOKEN_MINUTES,
  });
}

/** `c*****e@demo.es`: enough for the user to recognise the account, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '***';
  const local = [...email.slice(0, at)];
  const domain = email.slice(at);
  if (local.length <= 2) return `${local[0] ?? ''}*${domain}`;
  return `${local[0]}${'*'.repeat(local.length - 2)}${local[local.length - 1]}${domain}`;
}

/** Whether a recovery link can still be used; the e-mail it is for, masked. */
export async function checkResetToken(
  deps: Pick<PasswordResetDeps, 'db'>,
  token: string,
): Promise<{ valid: boolean; email: string }> {
  const reset = await findUsableReset(deps.db, hashResetToken(token), clock.now().toISOString());
  return reset ? { valid: true, email: maskEmail(reset.email) } : { valid: false, email: '' };
}

/**
 * Sets the new password with a recovery link: the link must be unused and unexpired, the
 * password acceptable (NIST 800-63B). The link is spent and every session of the user ends.
 */
export async function resetPassword(
  deps: Pick<PasswordResetDeps, 'db'>,
  input: { token: string; clave: string; ip?: string },
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const reset = await findUsableReset(deps.db, tokenHash, clock.now().toISOString());
  if (!reset) throw new HttpError(400, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
  // Checked before spending the link, so the user can try another password with it.
  const weak = weakPasswordReason(input.clave, reset.email);
  if (weak) throw new HttpError(400, 'WEAK_PASSWORD', weak);

  const claveHash = await hashPassword(input.clave);
  await deps.db.transaction().execute(async (trx) => {
    const now = clock.now().toISOString();
    // Conditional update: of two concurrent requests with one link, only one succeeds.
    if (!(await markResetUsed(trx, reset.id, now))) {
      throw new HttpError(400, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
    }
    await updatePasswordHash(trx, reset.usuario_id, claveHash, now);
    await expireOpenResets(trx, reset.usuario_id, now);
    await endSessionsOfUser(trx, reset.usuario_id, now);
    await recordAudit(trx, {
      accion: 'password_reset',
      usuarioId: reset.usuario_id,
      entidad: 'usuarios',
      entidadId: reset.usuario_id,
      ip: input.ip ?? null,
    });
  });
}
