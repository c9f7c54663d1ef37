import { IDIOMAS, type Idioma } from '@extranet/contracts/auth/constants';
import { RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import type {
  ClienteResumen,
  LoginRequest,
  LoginResponse,
  ProveedorResumen,
} from '@extranet/contracts/auth/login';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { anonymousSession } from '@extranet/contracts/auth/session';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database, Portal, RegionCodigo } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { recordAudit } from '../audit/repository.js';
import { menuOf } from '../menus/service.js';
import { requestPasswordRecovery } from '../password-reset/service.js';
import type { Session } from '../sesiones/service.js';
import { createSession, destroySession, rotateSession } from '../sesiones/service.js';
import { hashPassword, verifyPassword } from './password.js';
import {
  findEmpresaOfUsuario,
  findLiveRememberToken,
  findPerfilSesion,
  findUsuarioByEmail,
  insertRememberToken,
  listClientesOfUsuario,
  listProveedoresOfUsuario,
  revokeRememberToken,
  setUltimoLogin,
  updateIdiomaUsuario,
} from './repository.js';
import type { LoginThrottle } from './throttle.js';
import { secondFactorDue, startPendingLogin } from './totp.js';

/** What the sign-in services need: the database and the configuration (sessions, TOTP). */
export interface AuthDeps {
  db: Kysely<Database>;
  config: AppConfig;
}

/** "Remember password" lasts 30 days from the last login that used or issued it. */
export const REMEMBER_TOKEN_DAYS = 30;

export interface LoginInput {
  portal: Portal;
  body: LoginRequest;
  ip: string;
  /** The portal's remember-token cookie, if the browser sent one. */
  rememberCookie: string | undefined;
  /** The caller's current session, deleted on login: the session id always rotates. */
  previousSessionKey: string | null;
  throttle: LoginThrottle;
}

export type LoginResult =
  | { kind: 'recovery'; response: LoginResponse }
  /** Password right, TOTP code (or enrolment) due: no session yet, a pending-login cookie. */
  | { kind: 'second-factor'; response: LoginResponse; pendingCookie: string }
  | {
      kind: 'signed-in';
      response: LoginResponse;
      sessionCookie: string;
      sessionKey: string;
      rememberToken: string;
    };

const emptyLogin = { clientes: [], proveedores: [], menus: [] };

const invalidCredentials = (email: string) =>
  new HttpError(
    401,
    'INVALID_CREDENTIALS',
    `E-mail "${email}" o Contraseña incorrectos. No puede conectar.`,
  );

/** Verified when the e-mail is unknown, so both cases cost one argon2 verification. */
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

/**
 * `POST /api/login` and `/api/proveedores/login` (spec §4, §7, §8). The recovery marker as
 * `clave` turns the call into a recovery request. Wrong e-mail, wrong password and a bad
 * remember token answer the same 401 after the same work.
 */
export async function login(deps: AuthDeps, input: LoginInput): Promise<LoginResult> {
  const { portal, body, ip } = input;
  const typedEmail = body.usuario.trim();
  const email = typedEmail.toLowerCase();
  const region = body.dregion;
  const subject = { email, region, ip };
  const throttle = input.throttle;

  if (body.clave === RECOVERY_MARKER) {
    await throttle.recoveryRequested(subject, clock.now().getTime());
    const { recoverEmailSent } = await requestPasswordRecovery(deps, { email, region, portal, ip });
    return { kind: 'recovery', response: { success: 1, ...emptyLogin, recoverEmailSent } };
  }

  const { db } = deps;
  const usuario = await findUsuarioByEmail(db, email, region);
  // The remember-token cookie doubles as a device cookie: this browser signed in before.
  const token = input.rememberCookie
    ? await findLiveRememberToken(db, sha256Hex(input.rememberCookie), portal, nowIso())
    : undefined;
  const knownDevice = usuario !== undefined && token?.usuario_id === usuario.id;
  await throttle.assertLoginAllowed(subject, clock.now().getTime(), { knownDevice });
  let motivo: string | undefined;
  let rememberTokenId: number | undefined;
  if (body.remembered) {
    if (!usuario || !token || token.usuario_id !== usuario.id) motivo = 'recordatorio_no_valido';
    else rememberTokenId = token.id;
  } else {
    const ok = await verifyPassword(usuario?.clave_hash ?? (await getDummyHash()), body.clave);
    if (!usuario) motivo = 'usuario_desconocido';
    else if (!ok) motivo = 'clave_incorrecta';
  }
  if (!motivo && usuario?.activo !== 1) motivo = 'usuario_inactivo';
  if (motivo || !usuario) {
    await throttle.loginFailed(subject, clock.now().getTime());
    await recordAudit(db, {
      accion: 'login.fallido',
      usuarioId: usuario?.id ?? null,
      portal,
      ip,
      detalles: { email, region, motivo },
    });
    throw invalidCredentials(typedEmail);
  }
  await throttle.loginSucceeded(subject);

  const clientes = portal === 'clientes' ? await listClientesOfUsuario(db, usuario.id) : [];
  const proveedores =
    portal === 'proveedores' ? await listProveedoresOfUsuario(db, usuario.id) : [];
  if (portal === 'clientes' && clientes.length === 0) {
    await recordAudit(db, { accion: 'login.sin_clientes', usuarioId: usuario.id, portal, ip });
    throw new HttpError(403, 'NO_CLIENTS', 'Usuario sin clientes asignados. No puede conectar.');
  }
  if (portal === 'proveedores' && proveedores.length === 0) {
    await recordAudit(db, { accion: 'login.sin_proveedores', usuarioId: usuario.id, portal, ip });
    throw new HttpError(
      403,
      'NO_SUPPLIERS',
      'Usuario sin proveedores asignados. No puede conectar.',
    );
  }

  const segundoFactor = await secondFactorDue(db, deps.config, usuario.id, portal);
  if (segundoFactor) {
    const pendingCookie = await startPendingLogin(db, {
      usuarioId: usuario.id,
      portal,
      rememberTokenId: rememberTokenId ?? null,
    });
    await recordAudit(db, { accion: 'login.segundo_factor', usuarioId: usuario.id, portal, ip });
    return {
      kind: 'second-factor',
      response: { success: 0, ...emptyLogin, recoverEmailSent: false, segundoFactor },
      pendingCookie,
    };
  }

  return openLoginSession(deps, {
    usuario,
    portal,
    ip,
    clientes,
    proveedores,
    rememberTokenId,
    previousSessionKey: input.previousSessionKey,
    typedEmail,
  });
}

/**
 * The end of a successful login (after the password, and the TOTP code when one is due):
 * the session (rotating the caller's), a new remember token, the audit entry.
 */
export async function openLoginSession(
  deps: AuthDeps,
  input: {
    usuario: { id: number; region: RegionCodigo };
    portal: Portal;
    ip: string;
    clientes: ClienteResumen[];
    proveedores: ProveedorResumen[];
    rememberTokenId: number | undefined;
    previousSessionKey: string | null;
    typedEmail: string;
  },
): Promise<Extract<LoginResult, { kind: 'signed-in' }>> {
  const { usuario, portal, ip, clientes, proveedores, rememberTokenId, typedEmail } = input;
  const { db } = deps;
  const now = clock.now();
  const rememberToken = randomToken();
  const outcome = await db.transaction().execute(async (trx) => {
    // A remember token is single-use: a second use of the same one fails.
    if (
      rememberTokenId !== undefined &&
      !(await revokeRememberToken(trx, rememberTokenId, now.toISOString()))
    ) {
      return undefined;
    }
    const created = await createSession(
      trx,
      deps.config,
      {
        usuarioId: usuario.id,
        portal,
        region: usuario.region,
        // One company: it is the active one. Several: none until the user chooses
        // (PUT /api/clientes/cliente, /api/proveedores/proveedor); the choice is mandatory
        // (spec §2, §6) and, until made, no portal section answers.
        clienteId: clientes.length === 1 ? (clientes[0]?.id ?? null) : null,
        proveedorId: proveedores.length === 1 ? (proveedores[0]?.id ?? null) : null,
      },
      input.previousSessionKey,
    );
    await insertRememberToken(trx, {
      usuarioId: usuario.id,
      portal,
      tokenHash: sha256Hex(rememberToken),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + REMEMBER_TOKEN_DAYS * 86_400_000).toISOString(),
    });
    await setUltimoLogin(trx, usuario.id, now.toISOString());
    await recordAudit(trx, {
      accion: 'login.ok',
      usuarioId: usuario.id,
      portal,
      ip,
      detalles: { recordado: rememberTokenId !== undefined },
    });
    return { created, menus: await menuOf(trx, created.session) };
  });
  if (!outcome) throw invalidCredentials(typedEmail);

  return {
    kind: 'signed-in',
    response: {
      success: 1,
      clientes,
      proveedores,
      menus: outcome.menus,
      recoverEmailSent: false,
    },
    sessionCookie: outcome.created.cookieValue,
    sessionKey: outcome.created.key,
    rememberToken,
  };
}

/** `POST /api/logout`: the session row goes; the remember token stays (saved password). */
export async function logout(
  db: Kysely<Database>,
  current: { key: string; session: Session } | null,
  ip: string,
): Promise<void> {
  if (!current) return;
  await destroySession(db, current.key);
  await recordAudit(db, {
    accion: 'logout',
    usuarioId: current.session.usuarioId,
    portal: current.session.portal,
    ip,
  });
}

/** The session as `GET /api/auth` returns it (spec §3); the anonymous state without one. */
export async function describeSession(
  db: Kysely<Database>,
  session: Session | null,
): Promise<AuthSession> {
  if (!session) return anonymousSession;
  const empresaId = session.portal === 'clientes' ? session.clienteId : session.proveedorId;
  const perfil = await findPerfilSesion(db, session.portal, session.usuarioId, empresaId);
  // Signed in, company not chosen yet: the login page reopens the mandatory choice.
  const pendingChoice =
    empresaId == null && session.usuarioId != null
      ? session.portal === 'clientes'
        ? await listClientesOfUsuario(db, session.usuarioId)
        : await listProveedoresOfUsuario(db, session.usuarioId)
      : undefined;
  return {
    success: 1,
    region: session.region,
    client: session.portal === 'clientes',
    supplier: session.portal === 'proveedores',
    email: perfil.email ?? '',
    code: perfil.codigo ?? '',
    id: empresaId ?? 0,
    name: perfil.razonSocial ?? perfil.nombre ?? '',
    sessionName: session.portal,
    sessionId: session.id,
    ...(pendingChoice ? { pendingChoice } : {}),
    // A user's own language; an access-link session has no user, so no language to bring back.
    ...(session.usuarioId == null ? {} : { idioma: asIdioma(perfil.idioma) }),
  };
}

/** A stored language code, or null when none (or one no longer offered) is stored. */
function asIdioma(value: string | null | undefined): Idioma | null {
  return (IDIOMAS as readonly string[]).includes(value ?? '') ? (value as Idioma) : null;
}

/**
 * `PATCH /api/usuario/preferencias`: remembers the user's portal language, for every portal
 * and device (issue 20 point 7). An access-link session has no user to remember it for.
 */
export async function setIdiomaUsuario(
  db: Kysely<Database>,
  session: Session,
  idioma: Idioma,
): Promise<{ idioma: Idioma }> {
  if (session.usuarioId == null) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'Un enlace de acceso no tiene usuario: el idioma se recuerda solo en este navegador.',
    );
  }
  if (!(await updateIdiomaUsuario(db, session.usuarioId, idioma))) {
    throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
  }
  return { idioma };
}

const notYours = () => new HttpError(403, 'FORBIDDEN', 'No tiene acceso a esta empresa.');

/**
 * `PUT /api/clientes/cliente` / `PUT /api/proveedores/proveedor`: makes one of the user's own
 * companies the active one. An access-link session is bound to its company for good.
 */
/**
 * Sets the session's active client or supplier. A user's session gets a new id as it does
 * (the privilege changes): the answer carries the new cookie value, the old one is dead.
 */
export async function chooseEmpresa(
  db: Kysely<Database>,
  current: { key: string; session: Session },
  empresaId: number,
  ip: string,
): Promise<{ session: Session; rotated?: { cookieValue: string; key: string } }> {
  const { session } = current;
  const isCliente = session.portal === 'clientes';
  const activeId = isCliente ? session.clienteId : session.proveedorId;
  if (session.usuarioId == null) {
    // An access-link session is fixed to its one company: nothing changes, nothing to rotate.
    if (empresaId !== activeId) throw notYours();
    return { session };
  }
  const empresa = await findEmpresaOfUsuario(db, session.portal, session.usuarioId, empresaId);
  if (!empresa) throw notYours();
  const rotated = await rotateSession(
    db,
    current,
    isCliente ? { clienteId: empresa.id } : { proveedorId: empresa.id },
  );
  if (!rotated) throw new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
  await recordAudit(db, {
    accion: isCliente ? 'cliente.elegido' : 'proveedor.elegido',
    usuarioId: session.usuarioId,
    portal: session.portal,
    entidad: isCliente ? 'clientes' : 'proveedores',
    entidadId: empresa.id,
    ip,
  });
  return {
    session: rotated.session,
    rotated: { cookieValue: rotated.cookieValue, key: rotated.key },
  };
}

function nowIso(): string {
  return clock.now().toISOString();
}
