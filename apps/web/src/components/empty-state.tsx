import { Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What is (not) there, in a sentence: "No hay cargas que coincidan con los filtros." */
  message: string;
  /** Optional hint or action below the message (e.g. a "Quitar filtros" button). */
  children?: ReactNode;
  /** Icon in place of the default inbox. */
  icon?: ReactNode;
}

/** A clear "nothing here" block for lists and tables; announced politely to screen readers. */
export function EmptyState({ message, children, icon }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" role="status">
      <ThemeIcon variant="light" color="gray" size={48} radius="xl" aria-hidden>
        {icon ?? <IconInbox stroke={1.5} />}
      </ThemeIcon>
      <Text c="gray.7" ta="center">
        {message}
      </Text>
      {children}
    </Stack>
  );
}
