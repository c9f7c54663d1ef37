import { Center, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { saveLoginLanguage } from '../../lib/storage';

export interface LoginLayoutProps {
  /** The page in the box. */
  children: ReactNode;
}

/**
 * Login pages: a centred box, no navigation, no user info, no close button (spec §2). Without
 * the router: the login pages show before it loads (app/start.tsx); login-route.tsx puts it in.
 */
export function LoginLayout({ children }: LoginLayoutProps) {
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
          {/* The login that follows makes this choice the user's (portal-shell.tsx). Its menu
              loads on first use, out of the login pages' first download (issue 7 budget). */}
          <LanguageSwitcher onChosen={saveLoginLanguage} />
        </Group>
        {children}
      </Paper>
    </Center>
  );
}
