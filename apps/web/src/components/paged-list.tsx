import { Button, Skeleton, Stack } from '@mantine/core';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';

export interface PagedListProps<T extends { id: number }> {
  /** A keyset-paged list (`endpointPages`): its pages are concatenated in order. */
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  /** Accessible name of the list. */
  label: string;
  /** Shown when there is nothing yet. */
  emptyMessage: string;
  /** Label of the button that loads the next page. */
  moreLabel: string;
  /** One `<li>` per item. */
  renderItem: (item: T) => ReactNode;
  /** Heights of the placeholders while the first page loads. */
  skeletons?: readonly number[];
}

/**
 * A short history below a form (requests, suggestions): placeholders, the error, "nothing
 * yet", the items as a list and a button for the next page.
 */
export function PagedList<T extends { id: number }>({
  query,
  label,
  emptyMessage,
  moreLabel,
  renderItem,
  skeletons = [64, 64],
}: PagedListProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        {skeletons.map((height, index) => (
          <Skeleton key={index} height={height} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <ErrorAlert onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {query.error.message}
      </ErrorAlert>
    );
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={emptyMessage} />;
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {items.map(renderItem)}
      </Stack>
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {moreLabel}
        </Button>
      )}
    </Stack>
  );
}
