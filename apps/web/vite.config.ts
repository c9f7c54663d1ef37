import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { BASEMAP_URL, buildBasemap } from './src/components/map-view/basemap';

/** What the login pages show before anything else loads: their texts and the error messages. */
const FIRST_SCREEN_KEYS = [
  'app',
  'errors',
  'login',
  'routes.cliente-login',
  'routes.proveedor-login',
];

/**
 * `<file>.json?first-screen`: only FIRST_SCREEN_KEYS of the file (dotted paths), so the entry
 * carries about 1 KiB of Spanish instead of all of it (issue 7); i18n/index.ts loads the rest.
 */
export function firstScreenTexts(): Plugin {
  // A virtual id that does not end in `.json`, so Vite's JSON plugin leaves the module alone.
  const suffix = '.first-screen';
  return {
    name: 'first-screen-texts',
    enforce: 'pre',
    resolveId(source, importer) {
      const [file = '', query = ''] = source.split('?');
      if (!importer || !file.endsWith('.json') || !new URLSearchParams(query).has('first-screen')) {
        return null;
      }
      return `\0${path.resolve(path.dirname(importer), file)}${suffix}`;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(`.json${suffix}`)) return null;
      const file = id.slice(1, -suffix.length);
      this.addWatchFile(file);
      const all = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const picked: Record<string, unknown> = {};
      for (const key of FIRST_SCREEN_KEYS) {
        const parts = key.split('.');
        let from: unknown = all;
        let to = picked;
        for (const [index, part] of parts.entries()) {
          from = (from as Record<string, unknown> | undefined)?.[part];
          if (from === undefined) this.error(`${file} no tiene ${key}`);
          if (index === parts.length - 1) to[part] = from;
          else to = (to[part] ??= {}) as Record<string, unknown>;
        }
      }
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}

/** Shared by vite.config.ts and vitest.config.ts so the app and its tests resolve modules alike. */
export const sharedResolve = {
  // `source` makes `@extranet/contracts/*` resolve to the TypeScript sources (no contracts build needed).
  conditions: ['source', ...defaultClientConditions],
  // One copy of React and Mantine even should a dependency bring its own: one provider context.
  dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  // Zod in jitless mode: no `new Function()` probe under the CSP (src/lib/zod-jitless.ts).
  alias: [
    {
      find: /^zod$/,
      replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
    },
  ],
};

/**
 * Brotli and gzip copies of the built scripts and styles, written beside them: the server sends
 * them as they are (`preCompressed`) to browsers that accept them, at no CPU cost per request.
 */
export function precompress(): Plugin {
  return {
    name: 'extranet-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|json|svg)$/.test(file)) continue;
        const full = path.join(dir, file);
        const data = await readFile(full);
        if (data.length < 1024) continue;
        await writeFile(
          `${full}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** What the service worker precaches: scripts, styles, icons, manifests; not the big map. */
export function precached(file: string): boolean {
  if (/(^|\/)maplibre/.test(file)) return false;
  return (
    /^assets\/.+\.(js|css)$/.test(file) ||
    /^icons\/.+\.(png|svg)$/.test(file) ||
    /^[^/]+\.webmanifest$/.test(file) ||
    file === 'favicon.ico'
  );
}

/**
 * Writes the precache list of the whole build into `dist/sw.js` (public/sw.js, issue 20):
 * `BUILD = { version, files }`, the version a hash of every precached file's bytes. Run by the
 * last build (the driver page's, vite.conductor.config.ts) so both entries' files are listed;
 * a deployment that changes any of them changes the worker's bytes, hence the update prompt.
 */
export function serviceWorkerPrecache(): Plugin {
  let outDir = 'dist';
  return {
    name: 'extranet-sw-precache',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)))
        .map((file) => file.split(path.sep).join('/'))
        .filter(precached)
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(await readFile(path.join(outDir, file)));
      const build = { version: hash.digest('hex').slice(0, 16), files: files.map((f) => `/${f}`) };
      const worker = path.join(outDir, 'sw.js');
      const source = await readFile(worker, 'utf8');
      const marker = /\/\* build \*\/ \{ version: 'dev', files: \[\] \}/;
      if (!marker.test(source)) this.error('sw.js no tiene la marca de la lista de precarga');
      await writeFile(worker, source.replace(marker, JSON.stringify(build)));
    },
  };
}

/**
 * The offline basemap (src/components/map-view/basemap.ts) as a same-origin file: built from
 * Natural Earth's 1:50m countries at build time, served from memory by the dev server.
 */
function basemap(): Plugin {
  let json: string | undefined;
  const build = async () => {
    const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
    json ??= JSON.stringify(buildBasemap(JSON.parse(await readFile(file, 'utf8'))));
    return json;
  };
  return {
    name: 'extranet-basemap',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: BASEMAP_URL.slice(1), source: await build() });
    },
    configureServer(server) {
      server.middlewares.use(BASEMAP_URL, (_request, response) => {
        void build().then((body) => {
          response.setHeader('content-type', 'application/json');
          response.end(body);
        });
      });
    },
  };
}

/**
 * The endpoint definitions' OpenAPI-only lines (`summary`, `tag`, `security`, `errors`) are
 * read by the server's document, never by the browser: left out of the web's bundles, so the
 * login does not carry the prose of every sign-in endpoint (issue 21: each screen ships only
 * what it shows). Only whole single-line properties are dropped; anything else is kept as is.
 */
export function serverOnlyEndpointFields(): Plugin {
  // A long summary is wrapped onto the next line (`summary:\n    '…',`): dropped too.
  const line = /^ {2,}(summary|tag|security|errors):\s+(?:'[^'\n]*'|\[[\d, ]*\]),\n/gm;
  return {
    name: 'server-only-endpoint-fields',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/].+[\\/]endpoints\.ts$/.test(id)) return null;
      return { code: code.replace(line, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), firstScreenTexts(), basemap(), precompress(), serverOnlyEndpointFields()],
  resolve: sharedResolve,
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/check-bundle-budget.mjs to measure what each route downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically (React, the router, i18n, Mantine's core, the login
          // pages) in one file rather than a dozen small ones the lazy pages also import: one
          // request and one gzip stream for the first screen, a few KiB less (issue 7).
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // Floating UI (the positioning of menus, selects and tooltips) in a chunk of its own:
            // left to the splitter it shared one with Mantine's direction context, which every
            // page uses, and so came with every page (issue 21 point 6).
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ },
          ],
        },
      },
    },
  },
});
