import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  /** Id of the heading; the section is labelled by it. */
  id: string;
  /** The section's heading (an h2). */
  title: ReactNode;
  children: ReactNode;
}

/** A bordered section of a detail page with its h2 heading: tracking, files. */
export function SectionCard({ id, title, children }: SectionCardProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
