import { defineConfig } from 'vitest/config';

// One test run over every workspace; each project has its own config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
