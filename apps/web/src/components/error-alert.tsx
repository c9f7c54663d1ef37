import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorAlertProps {
  /** The Spanish message of what failed. */
  children: ReactNode;
  /** Less padding, for small dialogs. */
  compact?: boolean;
  /** A failed load: shows a "Reintentar" button that asks again. */
  onRetry?: () => void;
  /** The retry is under way (the button shows it and cannot be pressed twice). */
  retrying?: boolean;
}

/** A failed load or request, announced to screen readers (role="alert"), with a retry for loads. */
export function ErrorAlert({
  children,
  compact = false,
  onRetry,
  retrying = false,
}: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" p={compact ? 'xs' : undefined}>
      {onRetry ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <div>{children}</div>
          <Button variant="default" size="sm" onClick={onRetry} loading={retrying}>
            {t('errors.retry')}
          </Button>
        </Group>
      ) : (
        children
      )}
    </Alert>
  );
}
