import { expect, test } from '@playwright/test';
import { expectEnglishCalendar } from '../english-calendar.js';
import { signIn } from '../fixtures.js';

// Issue 14 point 5: ?lang=en translates filters, columns, statuses and the calendar too.

test('customer pages in English: shipments, history and tracking', async ({ page }) => {
  await signIn(page, 'cliente@demo.es');
  await page.goto('/clientes/portes?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible();
  // "Origin" shows from 1600 px (the row's share action needs its room): the viewport is narrower.
  for (const column of ['Shipment', 'Status', 'Destination', 'Last stop', 'Delay']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByText('In transit').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Town of origin' })).toBeVisible();
  await expect(page.getByText(/km to destination/).first()).toBeVisible();
  await expectEnglishCalendar(page, 'Planned loading');

  await page.goto('/clientes/historico?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  for (const column of ['Shipment', 'Customer ref.', 'Chargeable weight', 'Status']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Delivered', { exact: true }).first()).toBeVisible();

  await page.goto('/clientes/portes?lang=en');
  await page
    .getByRole('link', { name: /^Track shipment / })
    .first()
    .click();
  await expect(page.getByRole('list', { name: 'Stops' })).toBeVisible();
  await expect(page.locator('dt', { hasText: /^Planned loading$/ })).toBeVisible();
  await expect(page.locator('dt', { hasText: /^Delay$/ })).toBeVisible();
  await expect(page.getByText(/Portes|Histórico|Retraso|Paradas|En tránsito/)).toHaveCount(0);
});
