import { setTimeout as sleep } from 'node:timers/promises';
import type { RegionCode } from '@extranet/contracts/regiones/region';
import type { FastifyInstance } from 'fastify';
import { clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { passwordRecoveryMail } from '../../mail/templates/password-recovery.js';
import { HttpError } from '../../plugins/errors.js';
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
  ip?: string;
}

/** Only the SHA-256 of a token is stored: a database leak yields no usable link. */
export function hashResetToken(token: string): string {
  return sha256Hex(token);
}

/**
 * How long a real recovery request takes (moving average). An unknown e-mail waits about as
 * long before answering, so response time does not reveal which e-mails have an account.
 */
let typicalRecoveryMs = 150;

async function waitLikeARealRequest(startedAt: number) {
  const jitter = 0.75 + Math.random() * 0.5;
  const remaining = typicalRecoveryMs * jitter - (performance.now() - startedAt);
  if (remaining > 0) await sleep(remaining);
}

/**
 * The recovery half of `POST /api/login` (`clave` = RECOVERY_MARKER). For an active user it
 * e-mails a single-use link to choose a new password (never a password). For an unknown
 * e-mail it sends nothing and answers the same, after a comparable delay
 * (docs/decisions/004-recovery-without-enumeration.md); `false` only when the mail failed.
 */
export async function requestPasswordRecovery(
  app: FastifyInstance,
  input: PasswordRecoveryInput,
): Promise<{ recoverEmailSent: boolean }> {
  const startedAt = performance.now();
  const now = clock.now();
  const user = await findActiveUserByEmail(app.db, input.email.trim(), input.region);
  const windowStart = new Date(now.getTime() - RESET_WINDOW_MINUTES * 60_000).toISOString();
  if (!user || (await countResetsSince(app.db, user.id, windowStart)) >= MAX_RESETS_PER_WINDOW) {
    if (user) app.log.warn({ usuarioId: user.id }, 'password recovery: per-user limit reached');
    await waitLikeARealRequest(startedAt);
    return { recoverEmailSent: true };
  }

  const token = randomToken(32);
  const nowIso = now.toISOString();
  await app.db.transaction().execute(async (trx) => {
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
  const link = `${app.config.publicUrl}/nueva-clave?portal=${input.portal}#${token}`;
  try {
    await app.mailer.send(
      passwordRecoveryMail({
        to: user.email,
        nombre: user.nombre,
        link,
        validMinutes: RESET_TOKEN_MINUTES,
      }),
    );
  } catch (err) {
    app.log.error({ err, usuarioId: user.id }, 'password recovery e-mail failed');
    return { recoverEmailSent: false };
  }
  typicalRecoveryMs = 0.8 * typicalRecoveryMs + 0.2 * (performance.now() - startedAt);
  return { recoverEmailSent: true };
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
  app: FastifyInstance,
  token: string,
): Promise<{ valid: boolean; email: string }> {
  const reset = await findUsableReset(app.db, hashResetToken(token), clock.now().toISOString());
  return reset ? { valid: true, email: maskEmail(reset.email) } : { valid: false, email: '' };
}

/**
 * Sets the new password with a recovery link: the link must be unused and unexpired, the
 * password acceptable (NIST 800-63B). The link is spent and every session of the user ends.
 */
export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; clave: string; ip?: string },
): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const reset = await findUsableReset(app.db, tokenHash, clock.now().toISOString());
  if (!reset) throw new HttpError(400, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
  // Checked before spending the link, so the user can try another password with it.
  const weak = weakPasswordReason(input.clave, reset.email);
  if (weak) throw new HttpError(400, 'WEAK_PASSWORD', weak);

  const claveHash = await hashPassword(input.clave);
  await app.db.transaction().execute(async (trx) => {
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
