import { Center, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';

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
        <Text c="dimmed" fw={600} size="sm" mb="xs">
          {t('app.name')}
        </Text>
        <Outlet />
      </Paper>
    </Center>
  );
}
