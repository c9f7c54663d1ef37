import type { Idioma } from '@extranet/contracts/auth/constants';
import type { AuthSession } from '@extranet/contracts/auth/session';
import {
  ActionIcon,
  Alert,
  AppShell,
  Box,
  Burger,
  Button,
  Center,
  Group,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLock, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  NavLink as RouterNavLink,
  Outlet,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
} from 'react-router';
import { chooseLanguage, LanguageSwitcher } from '../../components/language-switcher';
import { isSupportedLanguage } from '../../i18n';
import { OfflineBoundary } from '../../components/offline-notice';
import { PageLoader } from '../../components/page-loader';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { useAccessLink } from '../../features/auth/api/access-link';
import { useAuthSession } from '../../features/auth/api/get-auth-session';
import { useMenu } from '../../features/auth/api/get-menu';
import { useLogout } from '../../features/auth/api/logout';
import { useUpdateIdioma } from '../../features/auth/api/update-preferencias';
import { TotpSettingsButton } from '../../features/auth/components/totp-settings';
import { CertificateWarning } from '../../features/certificados/components/certificate-warning';
import { AvisosBell } from '../../features/avisos/components/avisos-bell';
import { setUpPushAfterLogin } from '../../features/push/push-setup';
import { isApiRequestError } from '../../lib/api-client';
import { loginPaths, type Portal } from '../../lib/portal';
import { PortalContext, type PortalContextValue } from '../../lib/portal-context';
import { clearPushId, takeLoginLanguage } from '../../lib/storage';
import { clearOfflineData } from '../../lib/offline-data';
import { accessIdParam, hasAccessToken } from '../guard';
import type { NavItem } from '../navigation';
import { useCurrentRouteHandle } from './root-layout';
import { ErrorAlert } from '../../components/error-alert';

const NAVBAR_ID = 'portal-navigation';

// Shown only in the notice centre's preferences (itself loaded on first use): not in the shell's
// chunk, which every portal page downloads (issue 21).
const PushOptIn = lazy(() =>
  import('../../features/push/components/push-opt-in').then((module) => ({
    default: module.PushOptIn,
  })),
);

/** Sessions whose push set-up already ran in this tab: once per login, not per page. */
const pushSetUpFor = new Set<string>();

function ShellNavLink({
  item,
  suffix,
  onNavigate,
}: {
  item: NavItem;
  suffix: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  // Mantine's highlight; RouterNavLink adds aria-current="page" on the same paths (incl. `/cargas/12/abc`).
  const active = useMatch({ path: `${item.to}/*` }) !== null;
  return (
    <NavLink
      component={RouterNavLink}
      to={`${item.to}${suffix}`}
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

/**
 * A signed-in portal: when the path carries an access link (id + token), it is exchanged for a
 * session once before anything else loads; an invalid link gets a full-page message.
 */
export function PortalShell({ portal, navigation }: PortalShellProps) {
  const params = useParams();
  const viaLink = hasAccessToken(portal, params);
  const id = params[accessIdParam[portal]] ?? '';
  const token = params.token ?? '';
  const access = useAccessLink(portal, id, token, viaLink);

  if (!viaLink) return <SignedInShell portal={portal} navigation={navigation} />;
  if (access.isPending) return <PageLoader />;
  if (access.isError) return <InvalidLinkPage portal={portal} error={access.error} />;
  return (
    <SignedInShell
      portal={portal}
      navigation={navigation}
      linkSession={access.data}
      accessSuffix={`/${encodeURIComponent(id)}/${encodeURIComponent(token)}`}
    />
  );
}

function InvalidLinkPage({ portal, error }: { portal: Portal; error: Error }) {
  const { t } = useTranslation();
  // 404 is the server's answer to a forged, expired or revoked link; other failures say why.
  const message =
    isApiRequestError(error) && error.status !== 404 ? error.message : t('shell.invalidLink');
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper component="main" id={MAIN_CONTENT_ID} withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Stack gap="md" align="flex-start">
          <Title order={1} size="h3">
            {message}
          </Title>
          <Button component={Link} to={loginPaths[portal]} variant="default">
            {t('shell.goToLogin')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

interface SignedInShellProps extends PortalShellProps {
  /** The session an access link opened; undefined for a normal login. */
  linkSession?: AuthSession;
  accessSuffix?: string;
}

/** Header (user, avisos, Cerrar sesión), navigation filtered by the menus, and the page. */
function SignedInShell({ portal, navigation, linkSession, accessSuffix = '' }: SignedInShellProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viaLink = linkSession !== undefined;
  const sessionQuery = useAuthSession(!viaLink);
  const session = linkSession ?? sessionQuery.data;
  const menus = useMenu(portal, accessSuffix);
  const logout = useLogout(portal);
  const handle = useCurrentRouteHandle();
  const saveIdioma = useUpdateIdioma();

  // Issue 20 point 7: the user's language comes with the session (a login on another device
  // brings it back); a `?lang=` in the address wins for that visit; a language chosen on the
  // login page just before is newer than the session's and becomes the user's.
  const sessionIdioma = session?.idioma;
  const signedIn = session?.success === 1;
  useEffect(() => {
    if (!signedIn || new URLSearchParams(search).has('lang')) return;
    const chosenAtLogin = takeLoginLanguage();
    if (
      !viaLink &&
      chosenAtLogin !== undefined &&
      isSupportedLanguage(chosenAtLogin) &&
      chosenAtLogin !== sessionIdioma
    ) {
      // The page already shows it (this browser remembers it): keep it for the user too.
      languageChosen(chosenAtLogin);
      return;
    }
    if (!sessionIdioma) return;
    void chooseLanguage(sessionIdioma).catch((error: unknown) => {
      console.warn('No se ha podido cargar el idioma', sessionIdioma, error);
    });
    // Only when the session or its language changes, not on every navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, sessionIdioma]);

  /** The switcher's choice, kept for the user (an access link has none: this browser only). */
  function languageChosen(idioma: Idioma) {
    if (viaLink) return;
    saveIdioma.mutate(idioma, {
      onError: () => notifications.show({ color: 'red', message: t('shell.languageNotSaved') }),
    });
  }

  // On phones the menu covers the page: close it once the user has picked a page.
  useEffect(() => {
    close();
  }, [pathname, close]);

  // Spec §7: service worker and push subscription after a login (not for access-link visitors).
  useEffect(() => {
    if (viaLink || session?.success !== 1) return;
    const key = `${portal}:${session.sessionId}`;
    if (pushSetUpFor.has(key)) return;
    pushSetUpFor.add(key);
    void setUpPushAfterLogin(portal);
  }, [viaLink, session, portal]);

  // The menus' answer lets the page in. A query's answer is a blocking update: the whole page
  // rendered in one task of 250–550 ms (Lighthouse's Total Blocking Time, issue 20). Deferred,
  // it renders at transition priority, in slices, the loader staying until it is ready.
  const menuEntries = useDeferredValue(menus.data);
  const context = useMemo<PortalContextValue>(
    () => ({ portal, session, menus: menuEntries, accessSuffix }),
    [portal, session, menuEntries, accessSuffix],
  );

  const resources = useMemo(
    () => new Set((menuEntries ?? []).map((entry) => entry.recurso)),
    [menuEntries],
  );
  const visibleNavigation = navigation.filter((item) => resources.has(item.resource));

  async function signOut() {
    try {
      await logout.mutateAsync();
    } catch (error) {
      // Already signed out on the server (401): the goal is reached anyway.
      if (!isApiRequestError(error) || error.status !== 401) {
        notifications.show({
          color: 'red',
          message: isApiRequestError(error) ? error.message : String(error),
        });
        return;
      }
    }
    clearPushId(portal);
    queryClient.clear();
    await clearOfflineData();
    await navigate(loginPaths[portal], { replace: true });
  }

  let content;
  if (menus.isError) content = <ErrorAlert>{menus.error.message}</ErrorAlert>;
  else if (menuEntries === undefined) content = <PageLoader />;
  else if (handle?.resource && !resources.has(handle.resource))
    content = (
      <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} role="status">
        <Text fw={600}>{t('shell.noAccess')}</Text>
      </Alert>
    );
  else content = <Outlet />;

  const name = session?.name ?? '';
  const email = session?.email ?? '';

  return (
    <PortalContext.Provider value={context}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Group h="100%" px="md" gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap">
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
              <Text c="dimmed" size="sm" visibleFrom="xs">
                {t(`portal.${portal}`)}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {(name || email) && (
                <Box
                  component="section"
                  aria-label={t('shell.signedInAs')}
                  ta="right"
                  visibleFrom="sm"
                  style={{ lineHeight: 1.2, minWidth: 0 }}
                >
                  <Text size="sm" fw={600} truncate="end" maw={260}>
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end" maw={260}>
                    {email}
                  </Text>
                </Box>
              )}
              <Box visibleFrom="sm">
                <LanguageSwitcher onChosen={languageChosen} />
              </Box>
              {!viaLink && session?.success === 1 && (
                <AvisosBell
                  pushPanel={
                    <Suspense fallback={null}>
                      <PushOptIn portal={portal} />
                    </Suspense>
                  }
                />
              )}
              {!viaLink && <TotpSettingsButton />}
              {!viaLink && (
                <>
                  <Button
                    variant="default"
                    size="sm"
                    leftSection={<IconLogout size={16} aria-hidden />}
                    loading={logout.isPending}
                    onClick={() => void signOut()}
                    visibleFrom="xs"
                  >
                    {t('shell.logout')}
                  </Button>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('shell.logout')}
                    loading={logout.isPending}
                    onClick={() => void signOut()}
                    hiddenFrom="xs"
                  >
                    <IconLogout size={18} aria-hidden />
                  </ActionIcon>
                </>
              )}
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar id={NAVBAR_ID} aria-label={t('app.mainNavigation')} p="xs">
          {/* The browser's own scrolling: Mantine's ScrollArea brought Floating UI (20 KiB) into
              every portal page's shared download (issue 21 point 6). */}
          <AppShell.Section grow style={{ overflowY: 'auto' }}>
            {visibleNavigation.map((item) => (
              <ShellNavLink key={item.to} item={item} suffix={accessSuffix} onNavigate={close} />
            ))}
          </AppShell.Section>
          <AppShell.Section
            hiddenFrom="sm"
            pt="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            {(name || email) && (
              <>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" mb="xs">
                  {email}
                </Text>
              </>
            )}
            <LanguageSwitcher onChosen={languageChosen} position="top-start" />
          </AppShell.Section>
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {portal === 'proveedores' && <CertificateWarning />}
          <OfflineBoundary>{content}</OfflineBoundary>
        </AppShell.Main>
      </AppShell>
    </PortalContext.Provider>
  );
}
