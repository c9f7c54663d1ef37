import type { AuthSession } from '@extranet/contracts/auth/session';
import { loginPaths, type Portal } from '../lib/portal';

/** Path parameter that carries the customer or supplier id of an access link. */
export const accessIdParam: Record<Portal, string> = {
  clientes: 'clienteId',
  proveedores: 'proveedorId',
};

/** Spec §2, §6: an id plus token in the path skips the session check. */
export function hasAccessToken(
  portal: Portal,
  params: Record<string, string | undefined>,
): boolean {
  return Boolean(params[accessIdParam[portal]] && params.token);
}

export interface GuardInput {
  portal: Portal;
  /** Whether the target route needs a signed-in user (its handle's `requiresAuth`). */
  requiresAuth: boolean;
  /** Path parameters of the target route. */
  params: Record<string, string | undefined>;
  /** Full target path (pathname + search + hash), stored as afterLogin when the user must log in. */
  targetPath: string;
  /**
   * Result of `GET /api/auth`: `undefined` while not fetched yet, `null` when the call failed.
   */
  session?: AuthSession | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'check-session' }
  | { kind: 'redirect-to-login'; loginPath: string; afterLogin: string };

/**
 * The route guard of spec §4 as a pure function. The loaders call it once without a session
 * and, when it answers `check-session`, again with the result of `GET /api/auth`.
 */
export function decideGuard(input: GuardInput): GuardDecision {
  const { portal, requiresAuth, params, targetPath, session } = input;
  if (!requiresAuth || hasAccessToken(portal, params)) return { kind: 'allow' };
  if (session === undefined) return { kind: 'check-session' };
  // A session of the other portal does not open this one: its API calls would all be refused.
  // Nor does one whose mandatory company choice is pending (spec §2): the login page asks it.
  const signedIn =
    session !== null &&
    session.success === 1 &&
    session.pendingChoice === undefined &&
    (portal === 'proveedores' ? session.supplier : session.client);
  if (signedIn) return { kind: 'allow' };
  return { kind: 'redirect-to-login', loginPath: loginPaths[portal], afterLogin: targetPath };
}
