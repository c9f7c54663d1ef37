import type { FastifyReply } from 'fastify';
import type { Portal } from '../../db/database.js';
import { isHttps } from '../../plugins/session.js';
import { REMEMBER_TOKEN_DAYS } from './service.js';
import { PENDING_LOGIN_MINUTES } from './totp.js';

/**
 * The cookies of sign-in that both the password step (routes.ts) and the TOTP step
 * (totp-routes.ts) set: each route module imports them from here, not from the other.
 */

/** HttpOnly remember-token cookie per portal, sent only to the API and never cross-site. */
export function rememberCookieName(portal: Portal): string {
  return `remember_${portal}`;
}

/** Sets the portal's remember-token cookie after a login that opened a session. */
export function setRememberCookie(reply: FastifyReply, portal: Portal, token: string): void {
  reply.setCookie(rememberCookieName(portal), token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(reply.server.config),
    maxAge: REMEMBER_TOKEN_DAYS * 86_400,
  });
}

/** HttpOnly cookie of a login waiting for its TOTP code; only its hash is stored. */
export const TOTP_PENDING_COOKIE = 'totp_pendiente';
const PENDING_PATH = '/api/auth/totp';

/** Sets the pending-login cookie after a right password when a second factor is due. */
export function setPendingLoginCookie(reply: FastifyReply, value: string): void {
  reply.setCookie(TOTP_PENDING_COOKIE, value, {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(reply.server.config),
    maxAge: PENDING_LOGIN_MINUTES * 60,
  });
}

export function clearPendingLoginCookie(reply: FastifyReply): void {
  reply.clearCookie(TOTP_PENDING_COOKIE, { path: PENDING_PATH });
}
