import { Box, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a route's code or data loads for the first time. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}

/**
 * The whole page while the app itself starts (its router, the session check, the page's code):
 * the portal's header band with the product's name at once, where the shell will show it, then
 * the spinner. A blank page with a spinner, which paints no content, kept the first paint of
 * every portal page waiting for the whole shell (about 1.3 s, Lighthouse, issue 20).
 */
export function AppLoader() {
  const { t } = useTranslation();
  return (
    <>
      <Box
        h={56}
        px="md"
        display="flex"
        style={{
          alignItems: 'center',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Text fw={700} size="lg">
          {t('app.name')}
        </Text>
      </Box>
      <PageLoader />
    </>
  );
}
