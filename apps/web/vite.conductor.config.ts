import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  precompress,
  serverOnlyEndpointFields,
  serviceWorkerPrecache,
  sharedResolve,
} from './vite.config.ts';

/**
 * The driver's phone page (issue 17), `conductor.html`, and the shared shipment's page (issue
 * 19), `envio.html`, which reuses its texts, fetch wrapper and styles: a build of its own into the same
 * `dist/`, after the portal's, so none of the portal's chunks (Mantine, router, query library)
 * can end up in what it loads: React and its own code. Budgeted in scripts/bundle-budget.mjs
 * from its own manifest.
 */
export default defineConfig({
  // Last of the two builds: the worker's precache list covers both (issue 20).
  plugins: [react(), precompress(), serverOnlyEndpointFields(), serviceWorkerPrecache()],
  resolve: sharedResolve,
  build: {
    outDir: 'dist',
    // The portal's build is already there.
    emptyOutDir: false,
    sourcemap: true,
    manifest: '.vite/manifest-conductor.json',
    rolldownOptions: { input: { conductor: 'conductor.html', envio: 'envio.html' } },
  },
});
