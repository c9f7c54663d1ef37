import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

/**
 * `npm run screens`: the main screens at desktop and phone sizes, written to docs/screens/ on
 * purpose (issue 20). Not part of `npm test`: tests never write into committed files.
 */
export default defineConfig({
  ...base,
  testDir: 'screens',
  outputDir: 'build/screens-run',
  reporter: [['list']],
  workers: 1,
});
