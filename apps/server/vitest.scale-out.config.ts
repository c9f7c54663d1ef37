import { defineProject } from 'vitest/config';

// The scale-out test alone (`npm run test:scale-out`): it starts `node dist/server.js`, so it runs
// after `npm run build`, not in the unit run that comes before the build.
export default defineProject({
  // Run from the repository root: paths are this workspace's, as in vitest.config.ts.
  root: import.meta.dirname,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'scale-out',
    include: ['src/faults/scale-out.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
