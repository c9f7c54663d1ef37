import { Alert, Button, Center } from '@mantine/core';
import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '../components/skip-link';

export interface ErrorPageProps {
  /** What failed; logged, not shown. */
  error: unknown;
}

/**
 * Shown when a page fails to load or render (e.g. a chunk that no longer exists after a
 * deploy): the router's error page (route-error-page.tsx) and the login pages' without it.
 */
export function ErrorPage({ error }: ErrorPageProps) {
  const { t } = useTranslation();
  useEffect(() => {
    console.warn('Error de navegación', error);
  }, [error]);
  return (
    <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md">
      <Alert color="red" variant="light" title={t('errors.page')} maw={480}>
        <Button mt="sm" variant="light" color="red" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      </Alert>
    </Center>
  );
}

interface ErrorBoundaryState {
  failed: boolean;
  error?: unknown;
}

/** The error page in place of `children` once they fail to render (the router does it for its routes). */
export class PageErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
