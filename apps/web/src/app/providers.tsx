import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

/**
 * Mounts the notifications host (its own chunk) once the first notification is shown: a login
 * page that never shows one does not download it (issue 7). The store keeps what is shown
 * meanwhile, and the host stays mounted afterwards so notifications can animate out.
 */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export interface AppProvidersProps {
  children: ReactNode;
}

/**
 * Theme, translations and notifications for the whole app. The data cache and the calendar
 * wrap only the routes that use them (app/data-scope.tsx), not the login pages.
 */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
      >
        <DeferredNotifications />
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}
