import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query-string parameter as state (a tab, a filter), so a reload or a shared link keeps it.
 * Setting null or `fallback` removes it, keeping the plain URL for the default view; the history
 * entry is replaced, so Back leaves the page instead of stepping through tabs.
 */
export function useSearchParam(
  name: string,
  fallback: string,
): [string | null, (value: string | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (value === null || value === fallback) params.delete(name);
          else params.set(name, value);
          return params;
        },
        { replace: true },
      ),
    [name, fallback, setSearchParams],
  );
  return [searchParams.get(name), set];
}

/**
 * A page's filters kept in its query string: read with `parse` on every change of the URL,
 * written with `toQuery` (replacing the history entry, like `useSearchParam`).
 */
export function useSearchFilters<F>(
  parse: (query: URLSearchParams) => F,
  toQuery: (filters: F) => URLSearchParams,
): [F, (filters: F) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parse(searchParams), [parse, searchParams]);
  const setFilters = useCallback(
    (next: F) => setSearchParams(toQuery(next), { replace: true }),
    [toQuery, setSearchParams],
  );
  return [filters, setFilters];
}
