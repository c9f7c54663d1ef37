import { getAuthSession as getAuthSessionEndpoint } from '@extranet/contracts/auth/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-client';
import { getAuthSession } from './session-check';

export const authSessionQueryOptions = queryOptions({
  queryKey: endpointKey(getAuthSessionEndpoint, {}),
  queryFn: ({ signal }) => getAuthSession(signal),
});

/** The session, shared through the query cache by every component that shows user info. */
export function useAuthSession(enabled = true) {
  return useQuery({ ...authSessionQueryOptions, enabled });
}
