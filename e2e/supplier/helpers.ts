import { expect, type Locator, type Page } from '@playwright/test';
import { csrfHeaders } from '../fixtures.js';

/** A small but genuine PDF, as the server's content sniffing expects ("%PDF-" first). */
export function samplePdf(title: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${title}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** GET an API path with the page's session (the browser's cookies) and return its JSON. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `${path} → ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A POST of the supplier portal with the page's session and CSRF token, sent with `page.request`
 * (it shares the page's cookies): no page need be open, so a test signed in through the API
 * (`signIn`) may call it before its first `page.goto`.
 */
export async function apiPost<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const response = await page.request.post(path, { headers: await csrfHeaders(page) });
  return { status: response.status(), body: (await response.json()) as T };
}

/** `days` from today as YYYY-MM-DD, in the browser's calendar (Europe/Madrid in the config). */
export function isoDaysFromNow(days: number): string {
  // The tests' Node runs with TZ=UTC: today is read in Madrid, as the browser and the portal
  // read it (from 23:00 UTC in winter it is already tomorrow there).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** dd/mm/aaaa of a YYYY-MM-DD date. */
export function esDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * Picks `iso` in a Mantine DatePickerInput labelled `label` inside `scope`: opens the calendar,
 * moves forward month by month, clicks the day (its aria-label is "D MMMM YYYY" in Spanish).
 */
export async function pickDate(page: Page, scope: Locator, label: string, iso: string) {
  await scope.getByRole('button', { name: label }).click();
  // The calendar's code may still be on its way (components/calendar-input.tsx): month by month
  // only once it shows.
  await expect(page.getByRole('dialog', { name: `Calendario: ${label}` })).toBeVisible();
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const monthName = new Intl.DateTimeFormat('es-ES', { month: 'long' }).format(
    new Date(year, month - 1, 1),
  );
  // Mantine writes the month capitalised ("22 Noviembre 2026").
  const dayButton = page.getByRole('button', {
    name: new RegExp(`^${day} ${monthName} ${year}$`, 'i'),
  });
  for (let i = 0; i < 24 && !(await dayButton.isVisible()); i++) {
    await page.locator('button:has(> svg[data-direction="next"])').last().click();
  }
  await dayButton.click();
}
