import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useLocation, useMatch } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import type { Portal } from '../../lib/portal';
import type { NavItem } from '../navigation';

const NAVBAR_ID = 'portal-navigation';

function ShellNavLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  // Mantine's highlight; RouterNavLink adds aria-current="page" on the same paths (incl. `/cargas/12/abc`).
  const active = useMatch({ path: `${item.to}/*` }) !== null;
  return (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      label={t(`routes.${item.name}.nav`)}
      active={active}
      onClick={onNavigate}
    />
  );
}

export interface PortalShellProps {
  portal: Portal;
  navigation: NavItem[];
}

/** Header, navigation (a burger menu on phones) and main area of a signed-in portal. */
export function PortalShell({ portal, navigation }: PortalShellProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // On phones the menu covers the page: close it once the user has picked a page.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={opened ? t('app.closeNavigation') : t('app.openNavigation')}
            aria-expanded={opened}
            aria-controls={NAVBAR_ID}
          />
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
          <Text c="dimmed" size="sm">
            {t(`portal.${portal}`)}
          </Text>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id={NAVBAR_ID} aria-label={t('app.mainNavigation')} p="xs">
        <AppShell.Section grow component={ScrollArea}>
          {navigation.map((item) => (
            <ShellNavLink key={item.to} item={item} onNavigate={close} />
          ))}
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
