import type { App } from '../app.js';
import { seedDemo } from '../db/seed/demo.js';
import { storeDemoFilesIn } from '../db/seed/demo-files.js';
import { createAccessLink } from '../modules/access-links/service.js';
import { buildTestApp } from './app.js';
import type { TestDatabaseHandle } from './databases.js';
import { useAppFixture } from './fixture.js';
import { signedIn, TestBrowser } from './session.js';

/** The app on a migrated database with the demo seed, its PDFs written to file storage. */
export async function demoClientesApp(
  handle: TestDatabaseHandle,
  env: NodeJS.ProcessEnv = {},
): Promise<App> {
  const app = await buildTestApp(handle, env);
  await seedDemo(handle.db, { storeFile: storeDemoFilesIn(app.storage) });
  return app;
}

/** What a customer-portal test block works on (see `useClientesDemo`). */
export interface ClientesDemo {
  readonly handle: TestDatabaseHandle;
  readonly app: App;
  /** Signed in as cliente@demo.es. */
  readonly cliente: TestBrowser;
  /** Conservas del Ebro S.A., the client cliente@demo.es works for. */
  readonly clienteId: number;
  /** Papelera del Norte S.A., a client cliente@demo.es does not work for. */
  readonly otroClienteId: number;
}

/**
 * For a `describe` block: the demo app on a fresh database from `open`, signed in as
 * cliente@demo.es, closed after the block. Its fields are set in `beforeAll`: read them in
 * tests and hooks, not while the block is being declared.
 */
export function useClientesDemo(
  open: () => Promise<TestDatabaseHandle>,
  env: NodeJS.ProcessEnv = {},
): ClientesDemo {
  return useAppFixture(open, async (handle) => {
    const app = await demoClientesApp(handle, env);
    return {
      app,
      cliente: await signedIn(app, 'cliente@demo.es'),
      clienteId: await clienteIdOf(handle, 'Conservas del Ebro S.A.'),
      otroClienteId: await clienteIdOf(handle, 'Papelera del Norte S.A.'),
    };
  });
}

/** Id of the demo client with that company name. */
export async function clienteIdOf(handle: TestDatabaseHandle, razonSocial: string) {
  const row = await handle.db
    .selectFrom('clientes')
    .select('id')
    .where('razon_social', '=', razonSocial)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ids of the clients of a demo user, ascending. */
export async function clientesDe(handle: TestDatabaseHandle, email: string): Promise<number[]> {
  const rows = await handle.db
    .selectFrom('usuarios_clientes as uc')
    .innerJoin('usuarios as u', 'u.id', 'uc.usuario_id')
    .select('uc.cliente_id')
    .where('u.email', '=', email)
    .orderBy('uc.cliente_id')
    .execute();
  return rows.map((r) => r.cliente_id);
}

/** A browser in a session opened from an id+token access link of that client. */
export async function accessLinkBrowser(app: App, clienteId: number): Promise<TestBrowser> {
  const { token } = await createAccessLink(app.db, app.config, {
    portal: 'clientes',
    id: clienteId,
  });
  const browser = new TestBrowser(app);
  const res = await browser.post('/api/clientes/access', { id: clienteId, token });
  if (res.statusCode !== 200) throw new Error(`enlace de acceso: ${res.statusCode} ${res.body}`);
  return browser;
}

/** Walks a keyset list to its end; returns every item in order. */
export async function walk<T>(browser: TestBrowser, url: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  const sep = url.includes('?') ? '&' : '?';
  do {
    const res = await browser.get(
      cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
    );
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const page = res.json<{ items: T[]; nextCursor: string | null }>();
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
