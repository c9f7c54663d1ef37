import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ErrorAlertProps {
  /** The Spanish message of what failed. */
  children: ReactNode;
  /** Less padding, for small dialogs. */
  compact?: boolean;
}

/** A failed load or request, announced to screen readers (role="alert"). */
export function ErrorAlert({ children, compact = false }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" role="alert" p={compact ? 'xs' : undefined}>
      {children}
    </Alert>
  );
}
