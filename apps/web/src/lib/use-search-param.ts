import { useCallback } from 'react';
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
