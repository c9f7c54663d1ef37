import {
  checkPasswordReset as checkPasswordResetEndpoint,
  resetPassword as resetPasswordEndpoint,
} from '@extranet/contracts/auth/password-reset-endpoints';
import type { PasswordResetRequest } from '@extranet/contracts/auth/login';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/** `POST /api/password-reset/check`: whether the recovery link's token is still usable. */
export function checkPasswordReset(token: string, signal?: AbortSignal) {
  return callEndpoint(
    checkPasswordResetEndpoint,
    { body: { token } },
    { signal, redirectOn401: false },
  );
}

export function passwordResetCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...endpointKey(checkPasswordResetEndpoint), token],
    queryFn: ({ signal }) => checkPasswordReset(token, signal),
    staleTime: Infinity,
  });
}

export function usePasswordResetCheck(token: string) {
  return useQuery({ ...passwordResetCheckQueryOptions(token), enabled: token !== '' });
}

/** `POST /api/password-reset` (204): sets the new password; the token is then spent. */
export async function resetPassword(request: PasswordResetRequest): Promise<void> {
  await callEndpoint(resetPasswordEndpoint, { body: request }, { redirectOn401: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
