import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../lib/api-client';

/** Client errors (4xx) will not change on retry; timeouts and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The portals' query cache: the data scope's (app/data-scope.tsx), or, before it mounts, the
 * one a page's loader starts its first query in (router.tsx, `prefetching`). The data scope
 * takes that one and lets it go when it unmounts (a login page): the next visitor starts empty.
 */
let portalClient: QueryClient | undefined;

export function portalQueryClient(): QueryClient {
  return (portalClient ??= createQueryClient());
}

/** The data scope holds `client` (again after React's strict-mode remount). */
export function holdPortalQueryClient(client: QueryClient): void {
  portalClient = client;
}

/** The data scope has gone: the next portal visit starts with an empty cache. */
export function releasePortalQueryClient(client: QueryClient): void {
  if (portalClient === client) portalClient = undefined;
}
