import { byPortal } from '@extranet/contracts/auth/endpoints';
import type { LoginRequest, LoginResponse } from '@extranet/contracts/auth/login';
import { LOGIN_TIMEOUT_MS } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import { clearOfflineData } from '../../../lib/offline-data';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';

/**
 * `POST /api/login` or `/api/proveedores/login` (spec §7, 6 s). No 401 redirect: a wrong
 * password is shown on the login form itself.
 */
export function login(portal: Portal, request: LoginRequest): Promise<LoginResponse> {
  // Whoever signs in now must not see what the last user's session left offline (issue 20).
  void clearOfflineData();
  return callEndpoint(
    byPortal.login[portal],
    { body: request },
    { timeoutMs: LOGIN_TIMEOUT_MS, redirectOn401: false },
  );
}

/** No query cache on the login pages (issue 7): a plain mutation. */
export function useLogin(portal: Portal) {
  return usePlainMutation((request: LoginRequest) => login(portal, request));
}
