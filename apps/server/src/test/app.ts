import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

/** A minimal built SPA, so the server's static and history-mode serving can be tested. */
export function makeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'extranet-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="es"><head><title>Extranet</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(dir, 'conductor.html'),
    '<!doctype html><html lang="es"><head><title>Conductor</title></head><body><div id="root"></div></body></html>',
  );
  // The installable apps (issue 20): manifests, an icon and the service worker, as built.
  for (const [app, color] of [
    ['clientes', '#1864ab'],
    ['proveedores', '#0b7285'],
    ['conductor', '#2b8a3e'],
  ]) {
    writeFileSync(
      path.join(dir, `${app}.webmanifest`),
      JSON.stringify({ id: `/${app}/`, name: app, start_url: `/${app}/`, theme_color: color }),
    );
  }
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(
    path.join(dir, 'icons', 'clientes-192.png'),
    Buffer.from('89504e470d0a1a0a', 'hex'),
  );
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const script = 'console.log("ok");';
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  // As the web build writes them: brotli and gzip copies beside the script.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  return dir;
}

/** The configuration of the embedded mode, pointed at temporary folders. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'extranet-data-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST_DIR: makeWebDist(),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** Builds the real app on a migrated test database; `mailer` replaces the configured one. */
export async function buildTestApp(
  database: DatabaseHandle,
  overrides: NodeJS.ProcessEnv = {},
  options: Pick<BuildAppOptions, 'mailer'> = {},
) {
  await migrateToLatest(database.db);
  return buildApp({ config: testConfig(overrides), database, logger: false, ...options });
}
