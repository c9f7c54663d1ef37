import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run over every workspace; each project has its own config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single one on CI's two-core
    // machine, which then ran the 174 files one after another (9 minutes). Most server tests
    // wait on a database, a child process or a password hash, not on the CPU: two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
