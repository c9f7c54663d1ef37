import { Divider, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

export interface FormWithHistoryProps {
  /** The page's heading. */
  title: string;
  /** One sentence below the heading: what the form is for. */
  intro: string;
  /** The form. */
  form: ReactNode;
  /** Heading of what was sent before, and the id it labels its section with. */
  historyTitle: string;
  historyId: string;
  /** What was sent before (a `PagedList`). */
  history: ReactNode;
}

/** A customer page that sends something and lists what was sent (requests, suggestions). */
export function FormWithHistory({
  title,
  intro,
  form,
  historyTitle,
  historyId,
  history,
}: FormWithHistoryProps) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text c="gray.7" mb="md">
        {intro}
      </Text>
      {form}
      <Divider my="xl" />
      <section aria-labelledby={historyId}>
        <Title order={2} size="h3" mb="md" id={historyId}>
          {historyTitle}
        </Title>
        {history}
      </section>
    </>
  );
}
