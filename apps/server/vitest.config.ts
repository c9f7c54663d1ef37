import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Needs the built server: `npm run test:scale-out` runs it after `npm run build`.
    exclude: [...configDefaults.exclude, 'src/faults/scale-out.test.ts'],
    environment: 'node',
    // Native better-sqlite3 and pg pools are happier in forked processes.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
