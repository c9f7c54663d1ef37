import { cliDatabaseOptions, describeTarget } from './cli-options.js';
import { openDatabase } from './connection.js';
import { migrateDownAll, migrateToLatest } from './migrate.js';

// `npm run db:migrate` applies pending migrations; `npm run db:migrate -- --down` undoes all.
// Same database as the server: DATABASE_URL, else DATA_DIR (see cli-options.ts).
const down = process.argv.includes('--down');
const options = cliDatabaseOptions();
console.log(`Base de datos: ${describeTarget(options)}`);
const handle = openDatabase(options);
try {
  const names = down ? await migrateDownAll(handle.db) : await migrateToLatest(handle.db);
  const verb = down ? 'deshechas' : 'aplicadas';
  console.log(names.length ? `Migraciones ${verb}: ${names.join(', ')}` : 'Nada que migrar.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
