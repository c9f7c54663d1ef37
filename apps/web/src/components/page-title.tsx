import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageTitleProps {
  /** The page's heading text (its route title). */
  children: ReactNode;
  /** Actions aligned right of the heading (e.g. the Circuito Seguridad button). */
  actions?: ReactNode;
}

/** The one h1 of a page. */
export function PageTitle({ children, actions }: PageTitleProps) {
  return (
    <Group justify="space-between" align="center" mb="lg" wrap="wrap">
      <Title order={1} size="h2">
        {children}
      </Title>
      {actions}
    </Group>
  );
}
