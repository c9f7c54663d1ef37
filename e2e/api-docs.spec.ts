import { expect, test } from '@playwright/test';

test('the interactive API viewer shows the OpenAPI document under the strict CSP', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Extranet API/ })).toBeVisible();
  await expect(page.getByText('/api/auth', { exact: true })).toBeVisible();
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
