import { loadConfig } from '../../config.js';
import { createFileStorage } from '../../storage/create-file-storage.js';
import { cliDatabaseOptions, describeTarget } from '../cli-options.js';
import { openDatabase } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { storeDemoFilesIn } from './demo-files.js';
import { seedDemo } from './demo.js';

// `npm run db:seed`: migrates, then loads the demo data into the configured database
// (DATABASE_URL, else DATA_DIR as the server resolves it; see cli-options.ts).
const options = cliDatabaseOptions();
console.log(`Base de datos: ${describeTarget(options)}`);
const handle = openDatabase(options);
// The demo files go where the server will read them (DATA_DIR/files or the S3 bucket).
const storage = createFileStorage(loadConfig());
try {
  await migrateToLatest(handle.db);
  const started = Date.now();
  const { seeded } = await seedDemo(handle.db, { storeFile: storeDemoFilesIn(storage) });
  console.log(
    seeded
      ? `Datos de demostración cargados en ${Date.now() - started} ms (${handle.dialect}).`
      : 'Los datos de demostración ya estaban cargados; nada que hacer.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await storage.close();
  await handle.close();
}
