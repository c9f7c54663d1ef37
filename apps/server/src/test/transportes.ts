import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { buildTestApp } from './app.js';
import type { TestDatabaseHandle } from './databases.js';
import { useAppFixture } from './fixture.js';
import { signedIn, type TestBrowser } from './session.js';

/** A minimal valid PDF (the storage layer sniffs `%PDF-`). */
export function pdfBytes(text = 'prueba'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text} ${randomBytes(8).toString('hex')}\n%%EOF\n`, 'latin1');
}
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
/** An ELF executable header, to be renamed `.pdf`. */
export const ELF_BYTES = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]),
  randomBytes(64),
]);
/** A Windows executable header. */
export const MZ_BYTES = Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(64)]);
export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  'utf8',
);

/** A multipart/form-data body: the fields first, then the file (as the storage layer needs). */
export function multipart(
  fields: Record<string, string>,
  file?: { filename: string; content: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prueba${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart body through the signed-in browser (session cookie and CSRF). */
export function postMultipart(
  browser: TestBrowser,
  url: string,
  body: { payload: Buffer; headers: Record<string, string> },
) {
  return browser.request('POST', url, { payload: body.payload, headers: body.headers });
}

/** Every regular file under a directory (recursively); none when it does not exist. */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The app on a migrated database with the demo seed, and the demo carrier signed in. */
export async function demoCarrierApp(handle: TestDatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  const app: App = await buildTestApp(handle, env);
  await seedDemo(handle.db);
  const browser = await signedIn(app, 'proveedor@demo.es', { portal: 'proveedores' });
  const { proveedor_id: proveedorId } = await handle.db
    .selectFrom('usuarios_proveedores as up')
    .innerJoin('usuarios as u', 'u.id', 'up.usuario_id')
    .select('up.proveedor_id')
    .where('u.email', '=', 'proveedor@demo.es')
    .executeTakeFirstOrThrow();
  // What a refused upload must not leave behind: upload temp files, and stored objects
  // other than the reserved bytes that only the orphan purge deletes (decision 009).
  const stored = async () => {
    const filesDir = path.join(app.config.dataDir, 'files');
    const reserved = new Set(
      (await handle.db.selectFrom('reservas_contenido').select('storage_key').execute()).map(
        (row) => path.join(filesDir, row.storage_key),
      ),
    );
    return [
      ...filesUnder(filesDir).filter((file) => !reserved.has(file)),
      ...filesUnder(path.join(app.config.dataDir, 'tmp')),
    ];
  };
  return { app, browser, proveedorId, stored };
}

/** What a carrier-portal test block works on (see `useDemoCarrier`). */
export interface DemoCarrier {
  readonly handle: TestDatabaseHandle;
  readonly app: App;
  /** Signed in as proveedor@demo.es. */
  readonly browser: TestBrowser;
  /** The carrier proveedor@demo.es works for. */
  readonly proveedorId: number;
  /** Files a refused upload must not leave behind (see `demoCarrierApp`). */
  readonly stored: () => Promise<string[]>;
}

/**
 * For a `describe` block: the demo app on a fresh database from `open`, signed in as
 * proveedor@demo.es, closed after the block. Its fields are set in `beforeAll`: read them in
 * tests and hooks, not while the block is being declared.
 */
export function useDemoCarrier(
  open: () => Promise<TestDatabaseHandle>,
  env: NodeJS.ProcessEnv = {},
): DemoCarrier {
  return useAppFixture(open, (handle) => demoCarrierApp(handle, env));
}

/** A transport id of another carrier (the demo seeds a few). */
export async function otherCarrierTransporte(handle: TestDatabaseHandle, proveedorId: number) {
  return handle.db
    .selectFrom('transportes as t')
    .innerJoin('subpartidas as s', 's.transporte_id', 't.id')
    .select(['t.id', 's.id as subpartida_id'])
    .where('t.proveedor_id', '!=', proveedorId)
    .orderBy('t.id')
    .executeTakeFirstOrThrow();
}

export async function count(
  handle: TestDatabaseHandle,
  table:
    | 'archivos'
    | 'facturas_proveedor'
    | 'facturas_proveedor_transportes'
    | 'certificados'
    | 'audit_log',
): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
