import { Anchor, Group, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A small spinner and what is loading, inside a row's detail ("Cargando subpartidas…"). */
export function InlineLoader({ label }: { label: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** A failed load inside a row's detail: one red line, announced (role="alert"). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="red.8" role="alert">
      {children}
    </Text>
  );
}

/** A link that downloads a file, with the download icon before its text. */
export function DownloadLink({
  href,
  children,
  'aria-label': ariaLabel,
}: {
  href: string;
  children: ReactNode;
  /** The accessible name when the visible text alone is ambiguous ("Descargar PDF"). */
  'aria-label'?: string;
}) {
  return (
    <Anchor
      size="sm"
      href={href}
      download
      aria-label={ariaLabel}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconDownload size={14} aria-hidden />
      {children}
    </Anchor>
  );
}
