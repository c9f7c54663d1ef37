import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';
import { CALENDAR_LOCALE } from '../i18n/calendar-locale';
import { createQueryClient } from './query-client';
import { theme } from './theme';

const NotificationsHost = lazy(() =>
  import('./notifications-host').then((module) => ({ default: module.NotificationsHost })),
);

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client to start from an empty cache. */
  queryClient?: QueryClient;
}

/** Theme, calendar, data cache, translations and notifications for the whole app. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {/* Spec §9: Spanish calendar, weeks start on Monday. */}
        <DatesProvider
          settings={{ locale: CALENDAR_LOCALE, firstDayOfWeek: 1, weekendDays: [0, 6] }}
        >
          <QueryClientProvider client={client}>
            <Suspense fallback={null}>
              <NotificationsHost />
            </Suspense>
            {children}
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
