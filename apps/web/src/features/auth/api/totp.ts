import type { LoginResponse } from '@extranet/contracts/auth/login';
import type { TotpEnrolment, TotpRecoveryCodes, TotpStatus } from '@extranet/contracts/auth/totp';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, LOGIN_TIMEOUT_MS } from '../../../lib/api-client';

/**
 * The TOTP second factor (issue 7). Calls that send a code never redirect on 401: a wrong
 * code (401 TOTP_INVALID) or an expired login step is shown in the dialog itself.
 */

/** `POST /api/auth/totp`: the code after a right password; the session starts on success. */
export function verifyLoginCode(codigo: string): Promise<LoginResponse> {
  return apiRequest('POST', '/api/auth/totp', {
    body: { codigo },
    timeoutMs: LOGIN_TIMEOUT_MS,
    redirectOn401: false,
  });
}

/** `POST /api/auth/totp/codigo-recuperacion`: a recovery code instead of the app's code. */
export function verifyLoginRecoveryCode(codigo: string): Promise<LoginResponse> {
  return apiRequest('POST', '/api/auth/totp/codigo-recuperacion', {
    body: { codigo },
    timeoutMs: LOGIN_TIMEOUT_MS,
    redirectOn401: false,
  });
}

/** `POST /api/auth/totp/alta`: the secret and QR code when the portal requires enrolling. */
export function enrolDuringLogin(): Promise<TotpEnrolment> {
  return apiRequest('POST', '/api/auth/totp/alta', { body: {}, redirectOn401: false });
}

/** `GET /api/totp`: whether the signed-in user has the second factor. */
export const totpStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['totp'],
    queryFn: ({ signal }) => apiRequest<TotpStatus>('GET', '/api/totp', { signal }),
  });

export function useTotpStatus(enabled: boolean) {
  return useQuery({ ...totpStatusQueryOptions(), enabled });
}

/** `POST /api/totp/alta`: a new secret, shown once. */
export function useStartTotp() {
  return useMutation({
    mutationFn: () => apiRequest<TotpEnrolment>('POST', '/api/totp/alta', { body: {} }),
  });
}

/** `POST /api/totp/confirmar`: the first code activates the factor; the recovery codes, once. */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (codigo: string) =>
      apiRequest<TotpRecoveryCodes>('POST', '/api/totp/confirmar', {
        body: { codigo },
        redirectOn401: false,
      }),
  });
}

/** `POST /api/totp/codigos-recuperacion`: a current code buys a new set; the old one stops. */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (codigo: string) =>
      apiRequest<TotpRecoveryCodes>('POST', '/api/totp/codigos-recuperacion', {
        body: { codigo },
        redirectOn401: false,
      }),
  });
}

/** `POST /api/totp/desactivar`: a current code removes the factor. */
export function useDisableTotp() {
  return useMutation({
    mutationFn: (codigo: string) =>
      apiRequest<void>('POST', '/api/totp/desactivar', { body: { codigo }, redirectOn401: false }),
  });
}
