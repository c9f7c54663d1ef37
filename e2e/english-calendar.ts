import { expect, type Page } from '@playwright/test';

/** This month's English name and year, as the calendar heads it ("November 2026"). */
function thisMonthInEnglish(): string {
  return new Intl.DateTimeFormat('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(new Date());
}

/** Opens the date filter labelled `label` and checks its calendar speaks English. */
export async function expectEnglishCalendar(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const calendar = page.getByRole('dialog');
  await expect(
    calendar.getByRole('button', { name: thisMonthInEnglish(), exact: true }),
  ).toBeVisible();
  await expect(calendar.getByRole('columnheader', { name: 'Mo', exact: true })).toBeVisible();
  await expect(
    calendar.getByText(
      /Enero|Febrero|Marzo|Abril|Mayo|Junio|Julio|Agosto|Septiembre|Octubre|Noviembre|Diciembre/,
    ),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
}
