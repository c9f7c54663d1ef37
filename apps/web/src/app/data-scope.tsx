import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { authSessionQueryOptions } from '../features/auth/api/get-auth-session';
import { menuQueryOptions } from '../features/auth/api/get-menu';
import { takeHandedOverMenus, takeHandedOverSessionCheck } from '../features/auth/login-handoff';
import { calendarLocaleFor, loadCalendarLocale } from '../i18n/calendar-locale';
import { holdPortalQueryClient, portalQueryClient, releasePortalQueryClient } from './query-client';

/**
 * Data cache and calendar for every route but the login pages, which need neither (issue 7:
 * they stay out of the login pages' first download). A lazy layout route in router.tsx.
 * Leaving it for a login page drops the cache, so nothing of a previous visitor survives a new
 * login; the new cache starts with the menus the login answered with, the route guard's
 * session check and the first page a page's loader asked for (app/query-client.ts).
 */
export function DataScope() {
  // The calendars follow the UI language (issue 20 point 7); Spanish is the spec's default.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [calendarLocale, setCalendarLocale] = useState(() => calendarLocaleFor(language));
  useEffect(() => {
    let live = true;
    loadCalendarLocale(language).then(
      (locale) => live && setCalendarLocale(locale),
      // A chunk that failed to arrive: the calendars stay as they are.
      (error: unknown) => console.warn('No se ha podido cargar el calendario', language, error),
    );
    return () => {
      live = false;
    };
  }, [language]);
  const [client] = useState(() => {
    const created = portalQueryClient();
    const handed = takeHandedOverMenus();
    if (handed) created.setQueryData(menuQueryOptions(handed.portal).queryKey, handed.menus);
    const check = takeHandedOverSessionCheck();
    // In flight or answered: the session query waits for it instead of fetching its own.
    if (check) void created.prefetchQuery({ ...authSessionQueryOptions, queryFn: () => check });
    return created;
  });
  useEffect(() => {
    holdPortalQueryClient(client);
    return () => releasePortalQueryClient(client);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      {/* Spec §9: Spanish calendar, weeks start on Monday. */}
      <DatesProvider
        settings={{
          locale: calendarLocale,
          firstDayOfWeek: 1,
          weekendDays: [0, 6],
        }}
      >
        <Outlet />
      </DatesProvider>
    </QueryClientProvider>
  );
}
