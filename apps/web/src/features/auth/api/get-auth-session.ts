import { getAuthSession as getAuthSessionEndpoint } from '@extranet/contracts/auth/endpoints';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/**
 * `GET /api/auth`: the current session (spec §7). No 401 redirect: whoever asks decides what
 * an anonymous visitor sees.
 */
export function getAuthSession(signal?: AbortSignal): Promise<AuthSession> {
  return callEndpoint(getAuthSessionEndpoint, {}, { signal, redirectOn401: false });
}

export const authSessionQueryOptions = queryOptions({
  queryKey: endpointKey(getAuthSessionEndpoint, {}),
  queryFn: ({ signal }) => getAuthSession(signal),
});

/** The session, shared through the query cache by every component that shows user info. */
export function useAuthSession(enabled = true) {
  return useQuery({ ...authSessionQueryOptions, enabled });
}
