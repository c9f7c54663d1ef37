import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { buildTestApp } from '../../test/app.js';
import { accessLinkBrowser, clientesDe } from '../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { TestBrowser, signedIn } from '../../test/session.js';

const PATH = '/api/usuario/preferencias';

describe.each(testDatabases())(
  'preferencias del usuario en $name (issue 20, idioma)',
  ({ open }) => {
    let handle: TestDatabaseHandle;
    let app: App;
    let ip = 0;
    const nextIp = () => `10.120.0.${++ip}`;

    beforeAll(async () => {
      handle = await open();
      app = await buildTestApp(handle);
      await seedDemo(handle.db);
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await handle?.dispose();
    });

    const idiomaOf = async (email: string) =>
      (
        await handle.db
          .selectFrom('usuarios')
          .select('idioma')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).idioma;

    const patch = (browser: TestBrowser, payload: unknown, csrf = true) =>
      browser.request('PATCH', PATH, { payload, csrf });

    it('stores the language and the session brings it back on another device', async () => {
      const email = DEMO_USERS.proveedor.email;
      const phone = await signedIn(app, email, { portal: 'proveedores', ip: nextIp() });
      expect((await phone.get('/api/auth')).json()).toMatchObject({ idioma: null });

      const res = await patch(phone, { idioma: 'fr' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ idioma: 'fr' });
      expect(await idiomaOf(email)).toBe('fr');

      // A login elsewhere (a fresh browser, the other portal's session kind alike) sees it.
      const desktop = await signedIn(app, email, { portal: 'proveedores', ip: nextIp() });
      expect((await desktop.get('/api/auth')).json()).toMatchObject({ idioma: 'fr' });

      expect((await patch(desktop, { idioma: 'tr' })).statusCode).toBe(200);
      expect((await phone.get('/api/auth')).json()).toMatchObject({ idioma: 'tr' });
    });

    it('accepts only the six languages, and changes nothing otherwise', async () => {
      const email = DEMO_USERS.cliente.email;
      const browser = await signedIn(app, email, { ip: nextIp() });
      expect((await patch(browser, { idioma: 'it' })).statusCode).toBe(200);
      for (const payload of [
        { idioma: 'de' },
        { idioma: 'FR' },
        { idioma: '' },
        { idioma: null },
        {},
        { idioma: 'ro', otro: 1 },
      ]) {
        const res = await patch(browser, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.code).toBeTypeOf('string');
        expect(res.json().error.message).toBeTypeOf('string');
      }
      expect(await idiomaOf(email)).toBe('it');
      for (const idioma of ['es', 'en', 'fr', 'it', 'ro', 'tr']) {
        expect((await patch(browser, { idioma })).statusCode, idioma).toBe(200);
        expect(await idiomaOf(email)).toBe(idioma);
      }
    });

    it('is a session write: no session is a 401, no CSRF header a 403', async () => {
      const email = DEMO_USERS.dos.email;
      const anonymous = new TestBrowser(app, nextIp());
      expect((await patch(anonymous, { idioma: 'en' })).statusCode).toBe(401);

      const browser = await signedIn(app, email, { ip: nextIp() });
      const forged = await patch(browser, { idioma: 'en' }, false);
      expect(forged.statusCode).toBe(403);
      expect(await idiomaOf(email)).toBeNull();
    });

    it('an access-link session has no user: 403, and no language in its session', async () => {
      const [clienteId] = await clientesDe(handle, DEMO_USERS.grupo.email);
      const browser = await accessLinkBrowser(app, clienteId!);
      const session = (await browser.get('/api/auth')).json();
      expect(session.success).toBe(1);
      expect(session).not.toHaveProperty('idioma');
      const res = await patch(browser, { idioma: 'en' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toMatch(/enlace de acceso/);
    });

    it('a visitor has no language in the anonymous session', async () => {
      const session = (await new TestBrowser(app, nextIp()).get('/api/auth')).json();
      expect(session.success).toBe(0);
      expect(session).not.toHaveProperty('idioma');
    });
  },
);
