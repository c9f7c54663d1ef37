import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';

/*
 * `npm run openapi -w @extranet/server [-- <file>]`: writes the app's OpenAPI document
 * (default `build/openapi.json` at the repository root) for `npm run lint:openapi`. It builds
 * the app on a throw-away SQLite database and reaches no network.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const target = path.resolve(process.argv[2] ?? path.join(repoRoot, 'build/openapi.json'));
const dir = mkdtempSync(path.join(tmpdir(), 'extranet-openapi-'));
const database = openDatabase({ sqliteFile: path.join(dir, 'extranet.sqlite') });
try {
  await migrateToLatest(database.db);
  const config = loadConfig({ DATA_DIR: dir, WEB_DIST_DIR: dir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    console.log(`OpenAPI: ${path.relative(process.cwd(), target)}`);
  } finally {
    await app.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
