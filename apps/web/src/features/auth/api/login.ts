import { LoginResponse, type LoginRequest } from '@extranet/contracts/auth/login';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, LOGIN_TIMEOUT_MS } from '../../../lib/api-client';
import type { Portal } from '../../../lib/portal';
import { portalApi } from './portal-paths';

/**
 * `POST /api/login` or `/api/proveedores/login` (spec §7, 6 s). No 401 redirect: a wrong
 * password is shown on the login form itself.
 */
export function login(portal: Portal, request: LoginRequest): Promise<LoginResponse> {
  return apiRequest('POST', portalApi(portal, 'login'), {
    body: request,
    timeoutMs: LOGIN_TIMEOUT_MS,
    schema: LoginResponse,
    redirectOn401: false,
  });
}

export function useLogin(portal: Portal) {
  return useMutation({ mutationFn: (request: LoginRequest) => login(portal, request) });
}
