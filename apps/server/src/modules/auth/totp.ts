import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@extranet/contracts/auth/totp';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { AppConfig } from '../../config.js';
import type { Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import type { Session } from '../sesiones/service.js';
import { matchRecoveryCode, newRecoveryCodes } from './totp-recovery-codes.js';
import {
  clearWrongCodes,
  countPendingAttempt,
  countUnusedRecoveryCodes,
  deletePendingLogin,
  deleteRecoveryCodes,
  deleteTotp,
  findPendingLogin,
  findTotp,
  insertPendingLogin,
  insertRecoveryCodes,
  isActiveUser,
  listUnusedRecoveryCodes,
  recordWrongCode,
  spendRecoveryCode,
  spendStep,
  upsertPendingTotp,
} from './totp-repository.js';

type Db = Kysely<Database>;

/** What the second-factor services need: the database and the configuration (key, portals). */
export interface TotpDeps {
  db: Db;
  config: AppConfig;
}

/** RFC 6238 defaults every authenticator app understands. */
const PERIOD_S = 30;
const ISSUER = 'Extranet';
/** The login step after the password lives this long (issue 7). */
export const PENDING_LOGIN_MINUTES = 5;
/** Wrong codes one pending login allows; then the password must be typed again. */
export const MAX_CODES_PER_PENDING = 5;
/** Wrong codes of one user (across logins) before each attempt waits WRONG_CODE_WAIT. */
const FREE_WRONG_CODES = 10;
const WRONG_CODE_WAIT_MS = 15 * 60_000;

// --- Secrets at rest: AES-256-GCM with a key derived from the session secret -------------

function keyOf(config: Pick<AppConfig, 'sessionSecret'>): Buffer {
  return Buffer.from(
    hkdfSync('sha256', config.sessionSecret, 'extranet-totp', 'usuarios_totp', 32),
  );
}

export function encryptSecret(config: Pick<AppConfig, 'sessionSecret'>, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(config: Pick<AppConfig, 'sessionSecret'>, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data)
    throw new Error('TOTP: secreto con formato desconocido');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function totpOf(base32: string, label = 'usuario'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(base32),
    period: PERIOD_S,
    digits: 6,
    algorithm: 'SHA1',
  });
}

/** The 30-second step a right code belongs to (±1 step of clock drift), or null. */
function stepOfCode(base32: string, codigo: string, at: number): number | null {
  const delta = totpOf(base32).validate({ token: codigo, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD_S) + delta;
}

// --- Errors ------------------------------------------------------------------------------

const wrongCode = () =>
  new HttpError(
    401,
    'TOTP_INVALID',
    'Código incorrecto o ya utilizado. Espere al siguiente código e inténtelo de nuevo.',
  );
const pendingGone = () =>
  new HttpError(
    401,
    'TOTP_PENDING_EXPIRED',
    'El paso de verificación ha caducado. Vuelva a introducir su e-mail y contraseña.',
  );
const tooManyCodes = (seconds: number) =>
  new HttpError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Demasiados intentos. Espere ${seconds} segundos y vuelva a intentarlo.`,
  );

/** Past FREE_WRONG_CODES wrong codes, each attempt waits WRONG_CODE_WAIT after the last one. */
function assertNotThrottled(row: { fallos: number; ultimo_fallo_at: string | null }, now: Date) {
  if (row.fallos >= FREE_WRONG_CODES && row.ultimo_fallo_at) {
    const wait = Date.parse(row.ultimo_fallo_at) + WRONG_CODE_WAIT_MS - now.getTime();
    if (wait > 0) throw tooManyCodes(Math.ceil(wait / 1000));
  }
}

/**
 * Checks `codigo` against the user's secret and spends its step. Wrong codes are counted
 * (assertNotThrottled). Tells whether this code confirmed a pending enrolment.
 */
async function verifyCode(
  db: Db,
  config: AppConfig,
  usuarioId: number,
  codigo: string,
): Promise<{ enrolled: boolean }> {
  const row = await findTotp(db, usuarioId);
  if (!row) throw wrongCode();
  const now = clock.now();
  assertNotThrottled(row, now);
  const step = stepOfCode(decryptSecret(config, row.secreto_cifrado), codigo, now.getTime());
  if (step === null || !(await spendStep(db, usuarioId, step, now.toISOString()))) {
    await recordWrongCode(db, usuarioId, now.toISOString());
    throw wrongCode();
  }
  return { enrolled: row.confirmado_at === null };
}

/**
 * Checks a recovery code in place of an authenticator code and spends it (single use, ASVS
 * 5.0 6.5.1). Counted and throttled with the wrong authenticator codes; an unknown or used
 * code gets the same answer as a wrong one. Returns the codes left.
 */
async function verifyRecoveryCode(db: Db, usuarioId: number, codigo: string): Promise<number> {
  const row = await findTotp(db, usuarioId);
  if (!row?.confirmado_at) throw wrongCode();
  const now = clock.now();
  assertNotThrottled(row, now);
  const id = await matchRecoveryCode(codigo, await listUnusedRecoveryCodes(db, usuarioId));
  if (id === undefined || !(await spendRecoveryCode(db, id, now.toISOString()))) {
    await recordWrongCode(db, usuarioId, now.toISOString());
    throw wrongCode();
  }
  await clearWrongCodes(db, usuarioId);
  return countUnusedRecoveryCodes(db, usuarioId);
}

/** A new set of recovery codes replacing the old one; the codes are returned once. */
async function replaceRecoveryCodes(db: Db, usuarioId: number): Promise<string[]> {
  const { codes, hashes } = await newRecoveryCodes();
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await deleteRecoveryCodes(trx, usuarioId);
    await insertRecoveryCodes(trx, usuarioId, hashes, now);
  });
  return codes;
}

async function newEnrolment(db: Db, config: AppConfig, usuarioId: number): Promise<TotpEnrolment> {
  const usuario = await db
    .selectFrom('usuarios')
    .select('email')
    .where('id', '=', usuarioId)
    .executeTakeFirstOrThrow();
  const secreto = new Secret({ size: 20 }).base32;
  await upsertPendingTotp(db, usuarioId, encryptSecret(config, secreto), clock.now().toISOString());
  const uri = totpOf(secreto, usuario.email).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secreto, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

// --- Login: the step after the password ----------------------------------------------------

/** `codigo` when the user has a confirmed TOTP, `alta` when the portal requires one, else null. */
export async function secondFactorDue(
  db: Db,
  config: AppConfig,
  usuarioId: number,
  portal: Portal,
): Promise<'codigo' | 'alta' | null> {
  const row = await findTotp(db, usuarioId);
  if (row?.confirmado_at) return 'codigo';
  return config.totpRequired.includes(portal) ? 'alta' : null;
}

/** Records the pending login; returns the value of its HttpOnly cookie. */
export async function startPendingLogin(
  db: Db,
  input: { usuarioId: number; portal: Portal; rememberTokenId: number | null },
): Promise<string> {
  const cookie = randomToken();
  const now = clock.now();
  await insertPendingLogin(db, {
    id: sha256Hex(cookie),
    ...input,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_MINUTES * 60_000).toISOString(),
  });
  return cookie;
}

async function pendingOf(db: Db, cookie: string | undefined) {
  if (!cookie) throw pendingGone();
  const pending = await findPendingLogin(db, sha256Hex(cookie), clock.now().toISOString());
  if (!pending) throw pendingGone();
  return pending;
}

/** `POST /api/auth/totp/alta`: enrolment required at login; a new secret for the pending user. */
export async function enrolPendingLogin(
  deps: TotpDeps,
  cookie: string | undefined,
): Promise<TotpEnrolment> {
  const pending = await pendingOf(deps.db, cookie);
  const row = await findTotp(deps.db, pending.usuario_id);
  // A confirmed factor is never replaced from a half-finished login.
  if (row?.confirmado_at)
    throw new HttpError(409, 'TOTP_ALREADY_ACTIVE', 'El segundo factor ya está activado.');
  return newEnrolment(deps.db, deps.config, pending.usuario_id);
}

/** What the code step was given: the authenticator's code, or a recovery code instead. */
export interface SecondFactorProof {
  tipo: 'totp' | 'recuperacion';
  codigo: string;
}

/**
 * `POST /api/auth/totp` and `POST /api/auth/totp/codigo-recuperacion`: the code of a pending
 * login (or the first code of an enrolment made during it, which brings the recovery codes).
 * Right: the pending login is spent and its usuario id returned. Wrong: counted; after
 * MAX_CODES_PER_PENDING the pending login is gone.
 */
export async function completePendingLogin(
  deps: TotpDeps,
  cookie: string | undefined,
  proof: SecondFactorProof,
  ip: string,
): Promise<{
  usuarioId: number;
  portal: Portal;
  rememberTokenId: number | null;
  codigosRecuperacion?: string[];
}> {
  const pending = await pendingOf(deps.db, cookie);
  const audit = { usuarioId: pending.usuario_id, portal: pending.portal, ip };
  if (pending.intentos >= MAX_CODES_PER_PENDING) {
    await deletePendingLogin(deps.db, pending.id);
    throw pendingGone();
  }
  let enrolled = false;
  let restantes: number | undefined;
  try {
    if (proof.tipo === 'totp') {
      ({ enrolled } = await verifyCode(deps.db, deps.config, pending.usuario_id, proof.codigo));
    } else {
      restantes = await verifyRecoveryCode(deps.db, pending.usuario_id, proof.codigo);
    }
  } catch (error) {
    await countPendingAttempt(deps.db, pending.id);
    await recordAudit(deps.db, {
      accion: 'login.totp_fallido',
      ...audit,
      ...(proof.tipo === 'recuperacion' ? { detalles: { codigoRecuperacion: true } } : {}),
    });
    throw error;
  }
  if (restantes !== undefined) {
    await recordAudit(deps.db, {
      accion: 'login.totp_recuperacion',
      ...audit,
      detalles: { restantes },
    });
  }
  await deletePendingLogin(deps.db, pending.id);
  if (!(await isActiveUser(deps.db, pending.usuario_id))) throw pendingGone();
  const done = {
    usuarioId: pending.usuario_id,
    portal: pending.portal,
    rememberTokenId: pending.remember_token_id,
  };
  if (!enrolled) return done;
  await recordAudit(deps.db, { accion: 'totp.activado', ...audit });
  return { ...done, codigosRecuperacion: await replaceRecoveryCodes(deps.db, pending.usuario_id) };
}

// --- The portal's own section (user menu) --------------------------------------------------

function userOf(session: Session): number {
  if (session.usuarioId == null) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'Un enlace de acceso no tiene usuario: no puede configurar el segundo factor.',
    );
  }
  return session.usuarioId;
}

/** The session's user and its factor (undefined before an enrolment was started). */
async function factorOf(deps: TotpDeps, session: Session) {
  const usuarioId = userOf(session);
  return { usuarioId, row: await findTotp(deps.db, usuarioId) };
}

export async function totpStatus(deps: TotpDeps, session: Session): Promise<TotpStatus> {
  const { usuarioId, row } = await factorOf(deps, session);
  return {
    activo: Boolean(row?.confirmado_at),
    requerido: deps.config.totpRequired.includes(session.portal),
    codigosRestantes: row?.confirmado_at ? await countUnusedRecoveryCodes(deps.db, usuarioId) : 0,
  };
}

/** `POST /api/totp/alta`: a new secret to confirm; refused while one is active. */
export async function startEnrolment(deps: TotpDeps, session: Session): Promise<TotpEnrolment> {
  const { usuarioId, row } = await factorOf(deps, session);
  if (row?.confirmado_at) {
    throw new HttpError(409, 'TOTP_ALREADY_ACTIVE', 'El segundo factor ya está activado.');
  }
  return newEnrolment(deps.db, deps.config, usuarioId);
}

/** `POST /api/totp/confirmar`: the first code activates the factor; the recovery codes, once. */
export async function confirmEnrolment(
  deps: TotpDeps,
  session: Session,
  codigo: string,
  ip: string,
): Promise<TotpRecoveryCodes> {
  const { usuarioId, row } = await factorOf(deps, session);
  if (!row)
    throw new HttpError(
      409,
      'TOTP_NOT_STARTED',
      'Empiece de nuevo la activación del segundo factor.',
    );
  if (row.confirmado_at)
    throw new HttpError(409, 'TOTP_ALREADY_ACTIVE', 'El segundo factor ya está activado.');
  await verifyCode(deps.db, deps.config, usuarioId, codigo);
  await recordAudit(deps.db, { accion: 'totp.activado', usuarioId, portal: session.portal, ip });
  return { codigos: await replaceRecoveryCodes(deps.db, usuarioId) };
}

/**
 * `POST /api/totp/codigos-recuperacion`: a new set of recovery codes, with a current code;
 * the old set stops working.
 */
export async function regenerateRecoveryCodes(
  deps: TotpDeps,
  session: Session,
  codigo: string,
  ip: string,
): Promise<TotpRecoveryCodes> {
  const { usuarioId, row } = await factorOf(deps, session);
  if (!row?.confirmado_at)
    throw new HttpError(409, 'TOTP_NOT_ACTIVE', 'El segundo factor no está activado.');
  await verifyCode(deps.db, deps.config, usuarioId, codigo);
  const codigos = await replaceRecoveryCodes(deps.db, usuarioId);
  await recordAudit(deps.db, {
    accion: 'totp.codigos_regenerados',
    usuarioId,
    portal: session.portal,
    ip,
  });
  return { codigos };
}

/** `POST /api/totp/desactivar`: with a current code, unless the portal requires the factor. */
export async function disableTotp(deps: TotpDeps, session: Session, codigo: string, ip: string) {
  const usuarioId = userOf(session);
  if (deps.config.totpRequired.includes(session.portal)) {
    throw new HttpError(
      409,
      'TOTP_REQUIRED',
      'El segundo factor es obligatorio en este portal y no se puede desactivar.',
    );
  }
  const row = await findTotp(deps.db, usuarioId);
  if (!row?.confirmado_at)
    throw new HttpError(409, 'TOTP_NOT_ACTIVE', 'El segundo factor no está activado.');
  await verifyCode(deps.db, deps.config, usuarioId, codigo);
  await deps.db.transaction().execute((trx) => deleteTotp(trx, usuarioId));
  await recordAudit(deps.db, { accion: 'totp.desactivado', usuarioId, portal: session.portal, ip });
}
