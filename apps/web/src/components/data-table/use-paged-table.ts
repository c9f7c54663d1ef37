import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { DataTableProps } from './data-table';

/** What a DataTable takes from a keyset-paged query: the rows so far, its state, the next page. */
export type PagedTable<T> = Required<
  Pick<DataTableProps<T>, 'data' | 'loading' | 'hasMore' | 'loadingMore' | 'onEndReached'>
> &
  Pick<DataTableProps<T>, 'error'> &
  Required<Pick<DataTableProps<T>, 'onRetry' | 'retrying'>>;

/**
 * Joins the pages of a keyset-paged list (`endpointPages`) for a DataTable, which asks for the
 * next page when the user scrolls near the last row: `<DataTable {...usePagedTable(query)} …>`.
 * A failed list shows its error with "Reintentar", which refetches.
 */
export function usePagedTable<T>(
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>,
): PagedTable<T> {
  const { data, fetchNextPage, refetch } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const onEndReached = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const onRetry = useCallback(() => void refetch(), [refetch]);
  return {
    data: rows,
    loading: query.isPending,
    error: query.error?.message,
    onRetry,
    // A failed list being asked for again: isFetching without data is the retry in flight.
    retrying: query.isError && query.isFetching,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onEndReached,
  };
}
