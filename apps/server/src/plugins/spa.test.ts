import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp } from '../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../test/databases.js';
import { appOfPath, injectInitialData, toScriptJson } from './spa.js';

describe('initial data embedding', () => {
  it('cannot be broken out of by text inside the data', () => {
    const json = toScriptJson({ nombre: '</script><script>alert(1)</script>', x: '\u2028&' });
    expect(json).not.toContain('<');
    expect(json).not.toContain('>');
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toEqual({
      nombre: '</script><script>alert(1)</script>',
      x: '\u2028&',
    });
  });

  it('puts one JSON element just before </head>', () => {
    const html = injectInitialData('<html><head><title>t</title></head><body></body></html>', {
      updated: '2026-11-22T00:00:00.000Z',
    });
    expect(html).toBe(
      '<html><head><title>t</title><script type="application/json" id="initial-data">{"updated":"2026-11-22T00:00:00.000Z"}</script></head><body></body></html>',
    );
  });
});

describe('which installable app a path belongs to (issue 20)', () => {
  it('sends the carrier portal and the driver page to their own apps, the rest to customers', () => {
    expect(appOfPath('/proveedores/login')).toBe('proveedores');
    expect(appOfPath('/proveedores')).toBe('proveedores');
    expect(appOfPath('/proveedoresx')).toBe('clientes');
    expect(appOfPath('/conductor/abc')).toBe('conductor');
    expect(appOfPath('/login')).toBe('clientes');
    expect(appOfPath('/clientes/portes')).toBe('clientes');
  });
});

describe.each(testDatabases())('installable apps (issue 20) ($name)', ({ open }) => {
  let handle: TestDatabaseHandle | undefined;
  let app: App | undefined;
  const token = 'a'.repeat(43);

  afterEach(async () => {
    await app?.close();
    await handle?.dispose();
  });

  async function start() {
    handle = await open();
    app = await buildTestApp(handle);
    return app;
  }

  it("each portal's page links its own manifest, icon and theme colour", async () => {
    const server = await start();
    const carrier = await server.inject({ method: 'GET', url: '/proveedores/login' });
    expect(carrier.body).toContain('<link rel="manifest" href="/proveedores.webmanifest">');
    expect(carrier.body).toContain('<link rel="icon" href="/icons/proveedores.svg"');
    expect(carrier.body).toContain('<meta name="theme-color" content="#0b7285">');
    const customer = await server.inject({ method: 'GET', url: '/login' });
    expect(customer.body).toContain('<link rel="manifest" href="/clientes.webmanifest">');
    expect(customer.body).toContain('<meta name="theme-color" content="#1864ab">');
    const driver = await server.inject({ method: 'GET', url: `/conductor/${token}` });
    expect(driver.body).toContain(
      `<link rel="manifest" href="/conductor/${token}/manifest.webmanifest">`,
    );
    expect(driver.body).toContain('<meta name="theme-color" content="#2b8a3e">');
  });

  it('serves manifests, icons and the worker with their types, the worker revalidated', async () => {
    const server = await start();
    const manifest = await server.inject({ method: 'GET', url: '/clientes.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ id: '/clientes/' });
    const icon = await server.inject({ method: 'GET', url: '/icons/clientes-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
    const worker = await server.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A new deployment's worker must be seen at once, or the update prompt never comes.
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("the driver link's manifest starts at the link, and a malformed token is a 404", async () => {
    const server = await start();
    const res = await server.inject({
      method: 'GET',
      url: `/conductor/${token}/manifest.webmanifest`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.json()).toMatchObject({ id: '/conductor/', start_url: `/conductor/${token}` });
    const bad = await server.inject({
      method: 'GET',
      url: '/conductor/a%3Cb/manifest.webmanifest',
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it("the page's CSP admits the worker and the manifest from our origin only", async () => {
    const server = await start();
    for (const url of ['/login', `/conductor/${token}`]) {
      const res = await server.inject({ method: 'GET', url });
      const directives = Object.fromEntries(
        String(res.headers['content-security-policy'])
          .split(';')
          .map((part) => part.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources]),
      );
      expect(directives['worker-src']).toEqual(["'self'"]);
      expect(directives['manifest-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
    }
  });
});
