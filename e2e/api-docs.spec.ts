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
  // Its own project runs it alone, after the others (playwright.config.ts): 6 s here, and
  // more than 30 s in CI beside another worker's walk.
  await expect(page.getByRole('heading', { name: /Extranet API/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText('/api/auth', { exact: true })).toBeVisible();
  expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
});
