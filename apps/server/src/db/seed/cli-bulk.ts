import { parseArgs } from 'node:util';
import { cliDatabaseOptions, describeTarget } from '../cli-options.js';
import { hashPassword } from '../../modules/auth/password.js';
import { openDatabase } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { bulkGenerate } from './bulk.js';

// `npm run db:bulk -- --transportes 1000000 [--portes N] [--facturas N] [--proveedores N]
// [--clientes N] [--cargas N] [--clave P]`: adds synthetic volume to the configured database for
// benchmarks. With --clave it also creates a carrier and a customer user with that password.
const { values } = parseArgs({
  options: {
    transportes: { type: 'string', default: '100000' },
    portes: { type: 'string', default: '0' },
    facturas: { type: 'string', default: '0' },
    proveedores: { type: 'string', default: '200' },
    clientes: { type: 'string', default: '500' },
    cargas: { type: 'string', default: '0' },
    clave: { type: 'string' },
  },
});

function count(name: keyof typeof values): number {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`--${name} debe ser un entero no negativo (recibido: ${values[name]})`);
  }
  return value;
}

const options = cliDatabaseOptions();
console.log(`Base de datos: ${describeTarget(options)}`);
const handle = openDatabase(options);
const started = Date.now();
try {
  await migrateToLatest(handle.db);
  const result = await bulkGenerate(handle.db, {
    transportes: count('transportes'),
    portes: count('portes'),
    facturas: count('facturas'),
    proveedores: count('proveedores'),
    clientes: count('clientes'),
    cargas: count('cargas'),
    ...(values.clave ? { cuentas: { claveHash: await hashPassword(values.clave) } } : {}),
    onProgress: ({ table, done, total }) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `${table}: ${done.toLocaleString('es')} / ${total.toLocaleString('es')} (${seconds} s)`,
      );
    },
  });
  console.log(`Hecho en ${((Date.now() - started) / 1000).toFixed(1)} s:`, result);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
