import { expect, test } from '@playwright/test';

test('the interactive API viewer shows the OpenAPI document under the strict CSP', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  // The viewer's bundle is large: on a cold, busy server its first load takes a while.
  await expect(page.getByRole('heading', { name: /Extranet API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('/api/auth', { exact: true })).toBeVisible();
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
