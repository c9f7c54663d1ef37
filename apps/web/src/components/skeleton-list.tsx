import { SimpleGrid, Skeleton, Stack, type MantineSize } from '@mantine/core';

export interface SkeletonListProps {
  /** How many placeholders. */
  count: number;
  /** Height of each, in px (about the height of the card it stands for). */
  height: number;
  /** Corner radius of the cards it stands for. */
  radius?: MantineSize;
  /** Space between placeholders. */
  gap?: MantineSize;
  /** Lay them out in two columns from the md breakpoint, like a grid of cards. */
  grid?: boolean;
  /** Accessible name of the busy region ("Cargando transportes…"). */
  label?: string;
}

/** Placeholders while a page's first answer loads (a busy region for screen readers). */
export function SkeletonList({
  count,
  height,
  radius = 'md',
  gap = 'md',
  grid = false,
  label,
}: SkeletonListProps) {
  const items = Array.from({ length: count }, (_, i) => (
    <Skeleton key={i} height={height} radius={radius} />
  ));
  return grid ? (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={gap} aria-busy="true" aria-label={label}>
      {items}
    </SimpleGrid>
  ) : (
    <Stack gap={gap} aria-busy="true" aria-label={label}>
      {items}
    </Stack>
  );
}
