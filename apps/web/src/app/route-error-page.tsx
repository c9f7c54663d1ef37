import { Alert, Button, Center } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MAIN_CONTENT_ID } from '../components/skip-link';

/** Shown when a route fails to load or render (e.g. a chunk that no longer exists after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
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
