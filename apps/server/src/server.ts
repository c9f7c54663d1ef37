import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, resolveSqliteFile } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/demo.js';
import { storeDemoFilesIn } from './db/seed/demo-files.js';
import { prepararViajeDemo, type ViajeDemo } from './db/seed/viaje-demo.js';
import { createJobScheduler } from './jobs/scheduler.js';
import { createFileStorage } from './storage/create-file-storage.js';

/**
 * Starts the portal: validates the configuration, opens and migrates the database (seeding
 * the demo data with --demo), listens, and closes gracefully on SIGTERM/SIGINT.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: resolveSqliteFile(config.dataDir),
  });
  await migrateToLatest(database.db);
  const storage = createFileStorage(config);
  let viajeDemo: ViajeDemo | null = null;
  if (process.argv.includes('--demo')) {
    await seedDemo(database.db, { storeFile: storeDemoFilesIn(storage) });
    // The live transport is put back on the road at each start, with a fresh driver link.
    viajeDemo = await prepararViajeDemo(database.db, config);
  }

  // Log lines are buffered and written 4 KiB at a time, at the latest after a second: a write(2)
  // per request line cost as much as answering /healthz (docs/benchmarks.md). pino flushes the
  // buffer synchronously when the process exits, whatever the reason.
  const logStream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => logStream.flush(), 1000).unref();
  const app = await buildApp({
    config,
    database,
    storage,
    logger: { level: config.logLevel, stream: logStream },
  });
  // Certificate expiry notices and purges: at start, then every JOBS_INTERVAL_MS.
  const jobs = createJobScheduler(app, { intervalMs: config.jobsIntervalMs });

  const stop = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // A deadline, so a stuck request cannot keep the process alive forever.
    setTimeout(() => {
      app.log.error('shutdown deadline exceeded, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    // The jobs' run in progress finishes before the database closes under it.
    jobs
      .stop()
      .then(() => app.shutdown())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // Delivers the outbox (e-mail, push, webhooks); app.shutdown() stops it before closing.
  app.outbox.start();
  jobs.start();
  app.log.info(`Extranet en ${config.publicUrl}`);
  // To the terminal, not the log: the link's token is a credential and stays out of logs.
  if (viajeDemo) console.log(avisoViajeDemo(viajeDemo));
}

/** What `npm start` tells a newcomer about the demo's moving shipment. */
function avisoViajeDemo(viaje: ViajeDemo): string {
  return [
    '',
    `Demostración: el transporte ${viaje.referencia} va por la A-2 (Zaragoza → Guadalajara → Madrid)`,
    `con las partidas ${viaje.partidas.join(' y ')} de cliente@demo.es (clave demo1234).`,
    `  Enlace del conductor: ${viaje.url}`,
    `  Para verlo avanzar:   npm run cli -- ruta-demo --url ${viaje.url}`,
    '',
  ].join('\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
