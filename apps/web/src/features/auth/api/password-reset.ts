import {
  PasswordResetCheckResponse,
  type PasswordResetRequest,
} from '@extranet/contracts/auth/login';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/password-reset/check`: whether the recovery link's token is still usable. */
export function checkPasswordReset(token: string, signal?: AbortSignal) {
  return apiRequest('POST', '/api/password-reset/check', {
    body: { token },
    schema: PasswordResetCheckResponse,
    signal,
    redirectOn401: false,
  });
}

export function passwordResetCheckQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['password-reset', token],
    queryFn: ({ signal }) => checkPasswordReset(token, signal),
    staleTime: Infinity,
  });
}

export function usePasswordResetCheck(token: string) {
  return useQuery({ ...passwordResetCheckQueryOptions(token), enabled: token !== '' });
}

/** `POST /api/password-reset` (204): sets the new password; the token is then spent. */
export function resetPassword(request: PasswordResetRequest): Promise<void> {
  return apiRequest<void>('POST', '/api/password-reset', {
    body: request,
    redirectOn401: false,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
