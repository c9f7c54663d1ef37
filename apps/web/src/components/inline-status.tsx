import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A small spinner and what is loading, inside a row's detail ("Cargando subpartidas…"). */
export function InlineLoader({ label }: { label: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** A failed load inside a row's detail: one red line, announced (role="alert"), and its retry. */
export function InlineError({
  children,
  onRetry,
}: {
  /** The Spanish message of what failed. */
  children: ReactNode;
  /** Asks again ("Reintentar"). */
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="alert">
      <Text size="sm" c="red.8">
        {children}
      </Text>
      {onRetry && (
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      )}
    </Group>
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
