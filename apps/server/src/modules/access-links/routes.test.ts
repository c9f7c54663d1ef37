import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { seedDemo } from '../../db/seed/demo.js';
import { clock } from '../../lib/clock.js';
import { buildTestApp } from '../../test/app.js';
import { captureCli } from '../../test/cli.js';
import { testDatabases } from '../../test/databases.js';
import { TestBrowser } from '../../test/session.js';
import { createAccessLink, revokeAccessLink } from './service.js';

const notFound = { error: { code: 'NOT_FOUND', message: 'Enlace no válido o caducado.' } };

describe.each(testDatabases())('enlaces de acceso en $name', ({ open }) => {
  let app: App;
  let dispose: () => Promise<void>;
  let clienteId: number;
  let otroClienteId: number;
  let proveedorId: number;

  beforeAll(async () => {
    const handle = await open();
    dispose = handle.dispose;
    app = await buildTestApp(handle);
    await seedDemo(app.db);
    const id = async (table: 'clientes' | 'proveedores', razon: string) =>
      (
        await app.db
          .selectFrom(table)
          .select('id')
          .where('razon_social', '=', razon)
          .executeTakeFirstOrThrow()
      ).id;
    clienteId = await id('clientes', 'Conservas del Ebro S.A.');
    otroClienteId = await id('clientes', 'Papelera del Norte S.A.');
    proveedorId = await id('proveedores', 'Transportes Demo Ibérica S.L.');
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const link = (portal: 'clientes' | 'proveedores', id: number, days?: number) =>
    createAccessLink(app.db, app.config, { portal, id, days });

  it('opens a session limited to the linked client, without a user', async () => {
    const { url, token } = await link('clientes', clienteId);
    expect(url).toBe(`${app.config.publicUrl}/clientes/tracking/${clienteId}/${token}`);
    const browser = new TestBrowser(app);
    const res = await browser.post('/api/clientes/access', { id: clienteId, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 1,
      client: true,
      supplier: false,
      email: '',
      code: '',
      id: clienteId,
      name: 'Conservas del Ebro S.A.',
      sessionName: 'clientes',
    });
    const menu = (await browser.get('/api/clientes/menu')).json<Array<{ recurso: string }>>();
    expect(menu.map((m) => m.recurso)).toHaveLength(6);
    expect(menu.map((m) => m.recurso)).not.toContain('Circuitoseguridad');
    expect((await browser.put('/api/clientes/cliente', { id: otroClienteId })).statusCode).toBe(
      403,
    );
    expect((await browser.put('/api/clientes/cliente', { id: clienteId })).statusCode).toBe(200);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('accion')
      .where('accion', '=', 'enlace_acceso.usado')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('keeps the new session when a request with the replaced cookie arrives late', async () => {
    // Reloading a link page: the new page opens a fresh session while its service worker or a
    // cancelled fetch still carries the old cookie. That late answer must not clear the cookie.
    const { token } = await link('clientes', clienteId);
    const browser = new TestBrowser(app);
    expect((await browser.post('/api/clientes/access', { id: clienteId, token })).statusCode).toBe(
      200,
    );
    const staleCookie = browser.cookies.get('sid') ?? '';
    expect((await browser.post('/api/clientes/access', { id: clienteId, token })).statusCode).toBe(
      200,
    );
    const late = await app.inject({ method: 'GET', url: '/sw.js', cookies: { sid: staleCookie } });
    const cleared = (late.cookies as Array<{ name: string }>).filter((c) => c.name === 'sid');
    expect(cleared).toEqual([]);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/clientes/menu',
      cookies: { sid: staleCookie },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.cookies).toEqual([]);
    expect((await browser.get('/api/clientes/menu')).statusCode).toBe(200);
  });

  it('opens supplier links on the supplier portal only', async () => {
    const { url, token } = await link('proveedores', proveedorId);
    expect(url).toContain(`/proveedores/cargas/${proveedorId}/${token}`);
    const browser = new TestBrowser(app);
    expect((await browser.post('/api/clientes/access', { id: proveedorId, token })).json()).toEqual(
      notFound,
    );
    const res = await browser.post('/api/proveedores/access', { id: proveedorId, token });
    expect(res.json()).toMatchObject({ supplier: true, id: proveedorId });
    expect((await browser.get('/api/proveedores/menu')).json()).toHaveLength(9);
  });

  it('answers 404 to forged, mismatched, expired and revoked links', async () => {
    const browser = new TestBrowser(app);
    const { token } = await link('clientes', clienteId, 1);
    const forged = await browser.post('/api/clientes/access', {
      id: clienteId,
      token: `${token.slice(0, -2)}xx`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json()).toEqual(notFound);
    expect(
      (await browser.post('/api/clientes/access', { id: otroClienteId, token })).statusCode,
    ).toBe(404);

    const base = Date.now();
    vi.spyOn(clock, 'now').mockImplementation(() => new Date(base + 86_400_000 + 1000));
    expect((await browser.post('/api/clientes/access', { id: clienteId, token })).json()).toEqual(
      notFound,
    );
    vi.restoreAllMocks();

    const revocable = await link('clientes', clienteId);
    const holder = new TestBrowser(app);
    expect(
      (await holder.post('/api/clientes/access', { id: clienteId, token: revocable.token }))
        .statusCode,
    ).toBe(200);
    expect(await revokeAccessLink(app.db, app.config, revocable.token)).toBe(true);
    expect((await holder.get('/api/auth')).json().success).toBe(0);
    expect(
      (await browser.post('/api/clientes/access', { id: clienteId, token: revocable.token }))
        .statusCode,
    ).toBe(404);
  });

  it('needs the CSRF token like every write', async () => {
    const { token } = await link('clientes', clienteId);
    const res = await new TestBrowser(app).request('POST', '/api/clientes/access', {
      payload: { id: clienteId, token },
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });

  it('prints and revokes links from the CLI', async () => {
    const { out, err, cli } = captureCli(() => app);
    expect(
      await cli('access-link', '--portal', 'clientes', '--id', String(clienteId), '--days', '2'),
    ).toBe(0);
    const url = out.at(-1)!;
    const match = new RegExp(`/clientes/tracking/${clienteId}/([A-Za-z0-9_-]{43})$`).exec(url);
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(
      (await new TestBrowser(app).post('/api/clientes/access', { id: clienteId, token }))
        .statusCode,
    ).toBe(200);

    expect(await cli('access-link', 'revoke', '--token', token)).toBe(0);
    expect(await cli('access-link', 'revoke', '--token', token)).toBe(1);
    expect(await cli('access-link', '--portal', 'otro', '--id', '1')).toBe(2);
    expect(err.join('\n')).toContain('--portal debe ser clientes o proveedores.');
    expect(await cli('access-link', '--portal', 'clientes', '--id', '999999')).toBe(1);
    expect(err.at(-1)).toBe('No existe ningún cliente activo con id 999999.');
    // A token may start with a dash (base64url); the CLI must still take it as the value.
    expect(await cli('access-link', 'revoke', '--token', '-no-existe-0123456789')).toBe(1);
    expect(await cli('--help')).toBe(0);
    expect(out.at(-1)).toContain('access-link');
    expect(await cli('nada')).toBe(2);
  });
});
