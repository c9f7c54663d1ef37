import type { UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

export interface ListStatesProps<T> {
  /** The query the list comes from, plain or paged. */
  query: UseQueryResult<unknown, Error> | UseInfiniteQueryResult<unknown, Error>;
  /** Its items, once answered. */
  items: readonly T[] | undefined;
  /** Placeholders while the first answer loads. */
  loading: ReactNode;
  /** What stands for an answer with no items (usually an EmptyState). */
  empty: ReactNode;
  /** The items, laid out as the page wants. */
  children: (items: readonly T[]) => ReactNode;
}

/**
 * A list's four states: its placeholders, the error with a retry, "nothing here", or the items.
 */
export function ListStates<T>({ query, items, loading, empty, children }: ListStatesProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <ErrorAlert onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {query.error.message}
      </ErrorAlert>
    );
  }
  if (!items || items.length === 0) return empty;
  return children(items);
}
