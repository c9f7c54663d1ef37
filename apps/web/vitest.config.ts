import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { firstScreenTexts, sharedResolve } from './vite.config.ts';

export default defineProject({
  plugins: [react(), firstScreenTexts()],
  resolve: sharedResolve,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Rendering Mantine pages in jsdom takes seconds on a busy two-core CI machine.
    testTimeout: 15_000,
    // Let Vite resolve Mantine too, so `dedupe` applies to it in tests as in the build.
    server: { deps: { inline: [/@mantine\//] } },
  },
});
