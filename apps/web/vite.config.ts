import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Shared by vite.config.ts and vitest.config.ts so the app and its tests resolve modules alike. */
export const sharedResolve = {
  // `source` makes `@extranet/contracts/*` resolve to the TypeScript sources (no contracts build needed).
  conditions: ['source', ...defaultClientConditions],
  // The install holds two copies of @mantine/core (9.7.3 beside apps/web, 9.7.4 hoisted for
  // @mantine/dates); one copy keeps a single MantineProvider context.
  dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
};

export default defineConfig({
  plugins: [react()],
  resolve: sharedResolve,
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
