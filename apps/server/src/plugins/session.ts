import type { CookieSerializeOptions } from '@fastify/cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { Portal, RegionCodigo } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { portalOfResource } from '../lib/resources.js';

/** The signed-in state a request carries (`request.session`). */
export interface Session {
  /** Public id, safe to show (`GET /api/auth` sessionId); never the cookie value. */
  id: string;
  /** Null when the session was opened from an id+token access link. */
  usuarioId: number | null;
  portal: Portal;
  region: RegionCodigo;
  clienteId: number | null;
  proveedorId: number | null;
  viaAccessLink: boolean;
}

/** The session plus its database key (sha256 of the cookie): server-side only. */
export interface LoadedSession {
  key: string;
  session: Session;
}

/**
 * What the plugin needs from the sessions and menus modules, handed in by app.ts so this layer
 * does not import the modules that build on it.
 */
export interface SessionPluginOptions {
  /** The live session of a cookie value, or null (unknown, expired, revoked). */
  resume: (cookieValue: string) => Promise<LoadedSession | null>;
  /** Whether the session's user holds the menu resource. */
  hasResource: (session: Session, recurso: string) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session plugin's options (requireResource asks it). */
    sessions: SessionPluginOptions;
  }
  interface FastifyRequest {
    /** The signed-in state, or null (no cookie, unknown, expired or revoked session). */
    session: Session | null;
    /** Database key of the session (sha256 of the cookie). Server-side only: never send it. */
    sessionKey: string | null;
  }
}

/** Name of the HttpOnly session cookie; its value is a random secret, stored only hashed. */
export const SESSION_COOKIE = 'sid';

/** Cookies are Secure whenever the portal is published over HTTPS. */
export function isHttps(config: AppConfig): boolean {
  return config.publicUrl.startsWith('https://');
}

function sessionCookieOptions(config: AppConfig): CookieSerializeOptions {
  // No maxAge: the cookie ends with the browser; the server enforces idle and absolute expiry.
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(config) };
}

/** Sets the cookie of a session just created (login, access link). */
export function setSessionCookie(reply: FastifyReply, cookieValue: string): void {
  reply.setCookie(SESSION_COOKIE, cookieValue, sessionCookieOptions(reply.server.config));
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(reply.server.config));
}

/** Paths that never need the session: static assets and probes skip the database read. */
function skipsSession(url: string): boolean {
  return (
    url.startsWith('/assets/') ||
    url === '/healthz' ||
    url === '/readyz' ||
    // Integration calls authenticate with API keys only: a browser cookie must not count.
    url.startsWith('/api/integration/')
  );
}

/**
 * Server-side sessions (docs/decisions/003-sessions-and-remember-tokens.md): the `sid`
 * cookie holds a random secret; `sesiones.id` is its SHA-256. Every request gets
 * `request.session` (or null); expired sessions are deleted.
 *
 * A cookie whose session is gone is left alone, never cleared here: a page that just opened a
 * new session (access link, login) may still have requests in flight with the old cookie
 * (its service worker, icons, a cancelled fetch), and clearing the cookie in their answers
 * would delete the new session's cookie too — the browser clears by name, not by value.
 */
export default fp<SessionPluginOptions>(
  async function sessionPlugin(app: FastifyInstance, { resume, hasResource }) {
    app.decorate('sessions', { resume, hasResource });
    app.decorateRequest('session', null);
    app.decorateRequest('sessionKey', null);
    // Callback-style (plugins/security-headers.ts): only a request with a cookie waits.
    app.addHook('onRequest', (request, _reply, done) => {
      const cookieValue = request.cookies[SESSION_COOKIE];
      if (!cookieValue || skipsSession(request.url)) return done();
      resume(cookieValue).then((loaded) => {
        if (loaded) {
          request.session = loaded.session;
          request.sessionKey = loaded.key;
        }
        done();
      }, done);
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);

const unauthenticated = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'Sesión no iniciada o caducada.');
const forbidden = () => new HttpError(403, 'FORBIDDEN', 'No tiene acceso a esta sección.');

/** The request's session in `portal`, or a 401. */
export function sessionOf(request: FastifyRequest, portal: Portal): Session {
  const session = request.session;
  if (!session || session.portal !== portal) throw unauthenticated();
  return session;
}

/**
 * The guards below, known by identity: a route whose preHandler holds one needs a session, so
 * the CSRF check (plugins/csrf.ts) lets a write without any session through to answer 401.
 */
const sessionGuards = new WeakSet<object>();

function sessionGuard(handler: preHandlerAsyncHookHandler): preHandlerAsyncHookHandler {
  sessionGuards.add(handler);
  return handler;
}

/** Whether a route's preHandler option includes one of the session guards of this file. */
export function requiresSession(preHandler: unknown): boolean {
  const handlers: unknown[] = Array.isArray(preHandler) ? preHandler : [preHandler];
  return handlers.some((handler) => typeof handler === 'function' && sessionGuards.has(handler));
}

/** preHandler: a live session of that portal (401 otherwise). */
export function requireSession(portal: Portal): preHandlerAsyncHookHandler {
  return sessionGuard(async (request) => {
    sessionOf(request, portal);
  });
}

/** preHandler: a live session of either portal (401 otherwise). */
export const requireAnySession = sessionGuard(async (request) => {
  if (!request.session) throw unauthenticated();
});

/** Signed in, company not chosen yet (spec §2: the choice is mandatory). */
export const noActiveEmpresa = (portal: Portal) =>
  portal === 'clientes'
    ? new HttpError(403, 'NO_ACTIVE_CLIENT', 'Seleccione primero el cliente con el que conectar.')
    : new HttpError(
        403,
        'NO_ACTIVE_SUPPLIER',
        'Seleccione primero el proveedor con el que conectar.',
      );

/** preHandler: a customer session with its active client chosen (401 / 403). */
export const requireCliente = sessionGuard(async (request) => {
  if (sessionOf(request, 'clientes').clienteId == null) throw noActiveEmpresa('clientes');
});

/** preHandler: a supplier session with its active supplier (401 / 403). */
export const requireProveedor = sessionGuard(async (request) => {
  if (sessionOf(request, 'proveedores').proveedorId == null) throw noActiveEmpresa('proveedores');
});

/**
 * preHandler for a feature reached from several sections of one portal (a shipment from
 * tracking, "Portes" or the history): any one of the resources opens it; 403 with none.
 */
export function requireAnyResource(recursos: readonly string[]): preHandlerAsyncHookHandler {
  return sessionGuard(async (request) => {
    const session = sessionOf(request, portalOfResource(recursos[0] ?? ''));
    const empresaId = session.portal === 'clientes' ? session.clienteId : session.proveedorId;
    if (empresaId == null) throw noActiveEmpresa(session.portal);
    for (const recurso of recursos) {
      if (await request.server.sessions.hasResource(session, recurso)) return;
    }
    throw forbidden();
  });
}

/**
 * preHandler for a section gated by a menu resource (e.g. `apiweb.clientes.facturas`): the
 * server refuses what the menu hides. 401 without a session of the resource's portal, 403
 * without the resource (or, on the customer side, without an active client).
 */
export function requireResource(recurso: string): preHandlerAsyncHookHandler {
  return sessionGuard(async (request) => {
    const session = sessionOf(request, portalOfResource(recurso));
    const empresaId = session.portal === 'clientes' ? session.clienteId : session.proveedorId;
    if (empresaId == null) throw noActiveEmpresa(session.portal);
    if (!(await request.server.sessions.hasResource(session, recurso))) throw forbidden();
  });
}
