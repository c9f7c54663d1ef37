import {
  confirmTotpEnrolment,
  disableTotp,
  enrolTotpDuringLogin,
  getTotpStatus,
  regenerateTotpRecoveryCodes,
  startTotpEnrolment,
  verifyLoginRecoveryCode as verifyLoginRecoveryCodeEndpoint,
  verifyLoginTotp,
} from '@extranet/contracts/auth/totp-endpoints';
import type { LoginResponse } from '@extranet/contracts/auth/login';
import type { TotpEnrolment } from '@extranet/contracts/auth/totp';
import { useMutation, useQuery } from '@tanstack/react-query';
import { LOGIN_TIMEOUT_MS } from '../../../lib/api-client';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

/**
 * The TOTP second factor (issue 7). Calls that send a code never redirect on 401: a wrong
 * code (401 TOTP_INVALID) or an expired login step is shown in the dialog itself.
 */

/** `POST /api/auth/totp`: the code after a right password; the session starts on success. */
export function verifyLoginCode(codigo: string): Promise<LoginResponse> {
  return callEndpoint(
    verifyLoginTotp,
    { body: { codigo } },
    { timeoutMs: LOGIN_TIMEOUT_MS, redirectOn401: false },
  );
}

/** `POST /api/auth/totp/codigo-recuperacion`: a recovery code instead of the app's code. */
export function verifyLoginRecoveryCode(codigo: string): Promise<LoginResponse> {
  return callEndpoint(
    verifyLoginRecoveryCodeEndpoint,
    { body: { codigo } },
    { timeoutMs: LOGIN_TIMEOUT_MS, redirectOn401: false },
  );
}

/** `POST /api/auth/totp/alta`: the secret and QR code when the portal requires enrolling. */
export function enrolDuringLogin(): Promise<TotpEnrolment> {
  return callEndpoint(enrolTotpDuringLogin, {}, { redirectOn401: false });
}

/** `GET /api/totp`: whether the signed-in user has the second factor. */
export const totpStatusQueryOptions = () => endpointQuery(getTotpStatus, {});

/** The key under which the status is cached, to refresh it after a change. */
export const totpStatusKey = endpointKey(getTotpStatus);

export function useTotpStatus(enabled: boolean) {
  return useQuery({ ...totpStatusQueryOptions(), enabled });
}

/** `POST /api/totp/alta`: a new secret, shown once. */
export function useStartTotp() {
  return useMutation({ mutationFn: () => callEndpoint(startTotpEnrolment, {}) });
}

/** `POST /api/totp/confirmar`: the first code activates the factor; the recovery codes, once. */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (codigo: string) =>
      callEndpoint(confirmTotpEnrolment, { body: { codigo } }, { redirectOn401: false }),
  });
}

/** `POST /api/totp/codigos-recuperacion`: a current code buys a new set; the old one stops. */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (codigo: string) =>
      callEndpoint(regenerateTotpRecoveryCodes, { body: { codigo } }, { redirectOn401: false }),
  });
}

/** `POST /api/totp/desactivar`: a current code removes the factor. */
export function useDisableTotp() {
  return useMutation({
    mutationFn: async (codigo: string) => {
      await callEndpoint(disableTotp, { body: { codigo } }, { redirectOn401: false });
    },
  });
}
