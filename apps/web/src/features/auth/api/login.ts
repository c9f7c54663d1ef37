import type { LoginRequest, LoginResponse } from '@extranet/contracts/auth/login';
import { apiRequest, LOGIN_TIMEOUT_MS } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { usePlainMutation } from '../../../lib/use-plain-mutation';
import { portalApi } from './portal-paths';

/**
 * `POST /api/login` or `/api/proveedores/login` (spec §7, 6 s). No 401 redirect: a wrong
 * password is shown on the login form itself.
 */
export function login(portal: Portal, request: LoginRequest): Promise<LoginResponse> {
  return apiRequest('POST', portalApi(portal, 'login'), {
    body: request,
    timeoutMs: LOGIN_TIMEOUT_MS,
    // Loaded while the request runs: zod stays out of the login page's chunks (issue 7).
    schema: () => import('@extranet/contracts/auth/login').then((m) => m.LoginResponse),
    redirectOn401: false,
  });
}

/** No query cache on the login pages (issue 7): a plain mutation. */
export function useLogin(portal: Portal) {
  return usePlainMutation((request: LoginRequest) => login(portal, request));
}
