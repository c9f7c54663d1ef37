import { Center, Group, Paper, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';

// The visitor's language switcher (issue 20 point 7) arrives after the first screen: the menu
// stays out of the login pages' first download (issue 7 budget).
const LanguageMenu = lazy(() =>
  import('../../components/language-menu').then((module) => ({ default: module.LanguageMenu })),
);

/** Login pages: a centred box, no navigation, no user info, no close button (spec §2). */
export function LoginLayout() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        withBorder
        shadow="sm"
        radius="md"
        p="xl"
        w={440}
        maw="100%"
      >
        <Group justify="space-between" wrap="nowrap" mb="xs" mih={36}>
          <Text c="dimmed" fw={600} size="sm">
            {t('app.name')}
          </Text>
          <Suspense fallback={null}>
            <LanguageMenu />
          </Suspense>
        </Group>
        <Outlet />
      </Paper>
    </Center>
  );
}
