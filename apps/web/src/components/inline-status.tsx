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
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor
      size="sm"
      href={href}
      download
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconDownload size={14} aria-hidden />
      {children}
    </Anchor>
  );
}
