import { getAuthSession as getAuthSessionEndpoint } from '@extranet/contracts/auth/endpoints';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { callEndpoint } from '../../../lib/endpoint-client';

/**
 * `GET /api/auth`: the current session (spec §7). No 401 redirect: whoever asks decides what
 * an anonymous visitor sees. A plain call, apart from the session query (`get-auth-session.ts`):
 * the route guard and the login form ask it before there is a query cache. The guard's request
 * used to wait for the query code's chunk, queued behind the page's few dozen script requests
 * (issue 20).
 */
export function getAuthSession(signal?: AbortSignal): Promise<AuthSession> {
  return callEndpoint(getAuthSessionEndpoint, {}, { signal, redirectOn401: false });
}
