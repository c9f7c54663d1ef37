import { expect, test } from '@playwright/test';

test('the interactive API viewer shows the OpenAPI document under the strict CSP', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  // The viewer (1.5 MB) resolves the whole 3.1 document before it shows its title: 6 s on a
  // quiet two-core machine, more than 30 s once beside another worker's walk in CI.
  await expect(page.getByRole('heading', { name: /Extranet API/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('/api/auth', { exact: true })).toBeVisible();
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
