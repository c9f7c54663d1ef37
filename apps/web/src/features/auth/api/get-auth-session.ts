import { AuthSession } from '@extranet/contracts/auth/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/auth`: the current session (spec §7). No 401 redirect: whoever asks decides what
 * an anonymous visitor sees.
 */
export function getAuthSession(signal?: AbortSignal): Promise<AuthSession> {
  return apiRequest('GET', '/api/auth', { schema: AuthSession, signal, redirectOn401: false });
}

export const authSessionQueryOptions = queryOptions({
  queryKey: ['auth', 'session'],
  queryFn: ({ signal }) => getAuthSession(signal),
});

/** The session, shared through the query cache by every component that shows user info. */
export function useAuthSession(enabled = true) {
  return useQuery({ ...authSessionQueryOptions, enabled });
}
