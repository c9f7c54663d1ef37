import { createHash } from 'node:crypto';
import { RECOVERY_MARKER } from '@extranet/contracts/auth/login';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.js';
import { seedDemo } from '../../db/seed/demo.js';
import { clock } from '../../lib/clock.js';
import { requireResource } from '../../plugins/session.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases } from '../../test/databases.js';
import { createProveedorConUsuario } from '../../test/proveedores.js';
import { TestBrowser, signedIn } from '../../test/session.js';
import { LOGIN_PER_IP_PER_MINUTE } from './routes.js';

const invalid = (email: string) => ({
  error: {
    code: 'INVALID_CREDENTIALS',
    message: `E-mail "${email}" o Contraseña incorrectos. No puede conectar.`,
  },
});

type SetCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  secure?: boolean;
};
function cookieOf(res: { cookies: unknown[] }, name: string): SetCookie | undefined {
  return (res.cookies as SetCookie[]).find((c) => c.name === name);
}

/** Moves the clock to `base + ms` for the rest of the test. */
function setNow(base: number, ms: number) {
  vi.spyOn(clock, 'now').mockImplementation(() => new Date(base + ms));
}

describe.each(testDatabases())('inicio de sesión en $name', ({ open }) => {
  let app: App;
  let dispose: () => Promise<void>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const handle = await open();
    dispose = handle.dispose;
    app = await buildTestApp(handle);
    // A section guarded like the portal issues will guard theirs.
    app.get(
      '/api/clientes/prueba-facturas',
      { preHandler: requireResource('apiweb.clientes.facturas') },
      async () => ({ ok: true }),
    );
    await seedDemo(app.db);
    for (const row of await app.db
      .selectFrom('clientes')
      .select(['id', 'razon_social'])
      .execute()) {
      ids[row.razon_social] = row.id;
    }
    for (const row of await app.db
      .selectFrom('proveedores')
      .select(['id', 'razon_social'])
      .execute()) {
      ids[row.razon_social] = row.id;
    }
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function auditActions(): Promise<string[]> {
    const rows = await app.db.selectFrom('audit_log').select('accion').execute();
    return rows.map((r) => r.accion);
  }

  it('logs in a customer with one client: active client, menus, cookies and GET /api/auth', async () => {
    const browser = new TestBrowser(app);
    const res = await browser.login('Cliente@Demo.es');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: 1, proveedores: [], recoverEmailSent: false });
    expect(body.clientes).toEqual([
      {
        id: ids['Conservas del Ebro S.A.'],
        razon_social: 'Conservas del Ebro S.A.',
        localidad: 'Zaragoza',
      },
    ]);
    expect(body.menus.map((m: { recurso: string }) => m.recurso)).toEqual([
      'apiweb.clientes.tracking',
      'apiweb.clientes.portes',
      'apiweb.clientes.historico',
      'apiweb.clientes.facturas',
      'apiweb.clientes.solicitar',
      'apiweb.clientes.sugerencias',
      'Circuitoseguridad',
    ]);
    expect(body.menus[0]).toEqual({
      recurso: 'apiweb.clientes.tracking',
      api: '/api/clientes/tracking',
      menu: 1,
    });

    const sid = cookieOf(res, 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    expect(cookieOf(res, 'remember_clientes')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
    });
    const csrf = cookieOf(res, 'csrf-token')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.sameSite).toBe('Lax');

    const auth = await browser.get('/api/auth');
    expect(auth.headers['cache-control']).toBe('no-store');
    const session = auth.json();
    expect(session).toEqual({
      success: 1,
      region: 'es',
      client: true,
      supplier: false,
      email: 'cliente@demo.es',
      code: 'CLI0001',
      id: ids['Conservas del Ebro S.A.'],
      name: 'Conservas del Ebro S.A.',
      sessionName: 'clientes',
      sessionId: expect.stringMatching(/^[0-9a-f]{16}$/),
      // Not chosen yet (issue 20 point 7): the browser's language rules.
      idioma: null,
    });
    // Neither the cookie value nor the database key ever leaves the server.
    const key = createHash('sha256').update(sid.value).digest('hex');
    expect(auth.body).not.toContain(sid.value);
    expect(auth.body).not.toContain(key);
    expect(await auditActions()).toContain('login.ok');
  });

  it('answers a wrong password and an unknown e-mail with the same 401 and no session', async () => {
    const browser = new TestBrowser(app, '10.1.0.1');
    const wrong = await browser.login('cliente@demo.es', { clave: 'incorrecta' });
    const unknown = await browser.login('nadie@demo.es');
    const otherRegion = await browser.login('cliente@demo.es', { region: 'it' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(otherRegion.statusCode).toBe(401);
    expect(wrong.json()).toEqual(invalid('cliente@demo.es'));
    expect(unknown.json()).toEqual(invalid('nadie@demo.es'));
    expect(cookieOf(wrong, 'sid')).toBeUndefined();
    expect(cookieOf(unknown, 'sid')).toBeUndefined();
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(await auditActions()).toContain('login.fallido');
  });

  it('refuses users without clients or without suppliers, creating no session', async () => {
    const browser = new TestBrowser(app, '10.1.0.2');
    const noClients = await browser.login('sinclientes@demo.es');
    expect(noClients.statusCode).toBe(403);
    expect(noClients.json()).toEqual({
      error: { code: 'NO_CLIENTS', message: 'Usuario sin clientes asignados. No puede conectar.' },
    });
    const noSuppliers = await browser.login('cliente@demo.es', { portal: 'proveedores' });
    expect(noSuppliers.statusCode).toBe(403);
    expect(noSuppliers.json()).toEqual({
      error: {
        code: 'NO_SUPPLIERS',
        message: 'Usuario sin proveedores asignados. No puede conectar.',
      },
    });
    expect(cookieOf(noClients, 'sid')).toBeUndefined();
    expect(cookieOf(noSuppliers, 'sid')).toBeUndefined();
    expect((await browser.get('/api/auth')).json().success).toBe(0);
  });

  it('makes a user with several clients choose one of their own before any menu', async () => {
    const browser = new TestBrowser(app);
    const res = await browser.login('grupo@demo.es');
    expect(res.statusCode).toBe(200);
    expect(res.json().clientes).toHaveLength(8);
    expect(res.json().menus).toEqual([]);
    expect((await browser.get('/api/auth')).json()).toMatchObject({ id: 0, name: 'Grupo Levante' });
    expect((await browser.get('/api/clientes/menu')).json()).toEqual([]);

    const foreign = await browser.put('/api/clientes/cliente', {
      id: ids['Conservas del Ebro S.A.'],
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    expect((await browser.get('/api/auth')).json().id).toBe(0);

    const own = ids['Levante Bebidas S.L.']!;
    const chosen = await browser.put('/api/clientes/cliente', { id: own, razon_social: 'x' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ success: 1, id: own, name: 'Levante Bebidas S.L.' });
    const menu = await browser.get('/api/clientes/updatemenu');
    expect(menu.json()).toHaveLength(6);
    expect(await auditActions()).toContain('cliente.elegido');
  });

  it('keeps the client choice pending across reloads: /api/auth lists the clients, no section answers', async () => {
    const browser = new TestBrowser(app);
    const res = await browser.login('grupo@demo.es');
    expect(res.statusCode).toBe(200);
    const own = res.json().clientes as Array<{ id: number; razon_social: string }>;

    // A reload asks GET /api/auth again: the choice is still pending, with the same clients.
    for (let reload = 0; reload < 2; reload++) {
      const auth = (await browser.get('/api/auth')).json();
      expect(auth).toMatchObject({ success: 1, client: true, id: 0 });
      expect(auth.pendingChoice).toEqual(own);
    }
    for (const url of ['/api/clientes/prueba-facturas', '/api/clientes/portes']) {
      const refused = await browser.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        error: {
          code: 'NO_ACTIVE_CLIENT',
          message: 'Seleccione primero el cliente con el que conectar.',
        },
      });
    }
    const sugerencias = () => app.db.selectFrom('sugerencias').select('id').execute();
    const before = await sugerencias();
    const write = await browser.post('/api/clientes/sugerencias', { texto: 'Una sugerencia' });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.code).toBe('NO_ACTIVE_CLIENT');
    expect(await sugerencias()).toEqual(before);

    const chosen = await browser.put('/api/clientes/cliente', { id: own[2]!.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().pendingChoice).toBeUndefined();
    const auth = (await browser.get('/api/auth')).json();
    expect(auth).toMatchObject({ success: 1, id: own[2]!.id });
    expect(auth).not.toHaveProperty('pendingChoice');
    expect((await browser.get('/api/clientes/prueba-facturas')).statusCode).toBe(200);
    // One client: nothing to choose, never pending.
    const cliente = await signedIn(app, 'cliente@demo.es');
    expect((await cliente.get('/api/auth')).json()).not.toHaveProperty('pendingChoice');
  });

  it('makes a carrier user with several carriers choose too: no active one until then', async () => {
    const first = await createProveedorConUsuario(app.db);
    const second = await createProveedorConUsuario(app.db);
    await app.db
      .insertInto('usuarios_proveedores')
      .values({ usuario_id: first.usuarioId, proveedor_id: second.proveedorId })
      .execute();
    const browser = new TestBrowser(app);
    const res = await browser.login(first.email, { portal: 'proveedores' });
    expect(res.statusCode).toBe(200);
    expect(res.json().proveedores).toHaveLength(2);
    expect(res.json().menus).toEqual([]);

    const auth = (await browser.get('/api/auth')).json();
    expect(auth).toMatchObject({ success: 1, supplier: true, id: 0 });
    expect(auth.pendingChoice).toEqual(res.json().proveedores);
    expect((await browser.get('/api/proveedores/menu')).json()).toEqual([]);
    for (const url of ['/api/proveedores/cargas', '/api/proveedores/vehiculos']) {
      const refused = await browser.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual({
        error: {
          code: 'NO_ACTIVE_SUPPLIER',
          message: 'Seleccione primero el proveedor con el que conectar.',
        },
      });
    }
    const carga = await app.db.selectFrom('cargas').select('id').executeTakeFirstOrThrow();
    const descartar = await browser.post(`/api/proveedores/cargas/${carga.id}/descartar`);
    expect(descartar.statusCode).toBe(403);
    expect(descartar.json().error.code).toBe('NO_ACTIVE_SUPPLIER');
    const descartes = await app.db.selectFrom('descartes').selectAll().execute();
    expect(descartes.filter((d) => d.carga_id === carga.id)).toEqual([]);

    const chosen = await browser.put('/api/proveedores/proveedor', { id: second.proveedorId });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ id: second.proveedorId });
    expect(chosen.json()).not.toHaveProperty('pendingChoice');
    expect((await browser.get('/api/proveedores/cargas')).statusCode).toBe(200);
    expect((await browser.get('/api/proveedores/menu')).json()).toHaveLength(9);
  });

  it('serves each demo account its own menu and refuses a section without its resource', async () => {
    const dos = await signedIn(app, 'dos@demo.es', { clienteId: ids['Muebles Castilla S.L.']! });
    const menu = (await dos.get('/api/clientes/menu')).json<Array<{ recurso: string }>>();
    expect(menu.map((m) => m.recurso)).not.toContain('apiweb.clientes.facturas');
    expect(menu).toHaveLength(5);
    const refused = await dos.get('/api/clientes/prueba-facturas');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'No tiene acceso a esta sección.' },
    });

    const cliente = await signedIn(app, 'cliente@demo.es');
    expect((await cliente.get('/api/clientes/prueba-facturas')).statusCode).toBe(200);
    const anonymous = new TestBrowser(app);
    expect((await anonymous.get('/api/clientes/prueba-facturas')).json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Sesión no iniciada o caducada.' },
    });
  });

  it('logs in a carrier: first supplier active, supplier menu, switching only among their own', async () => {
    const browser = new TestBrowser(app);
    const res = await browser.login('proveedor@demo.es', { portal: 'proveedores' });
    expect(res.statusCode).toBe(200);
    const demo = ids['Transportes Demo Ibérica S.L.']!;
    expect(res.json().proveedores).toEqual([
      { id: demo, razon_social: 'Transportes Demo Ibérica S.L.', localidad: 'Zaragoza' },
    ]);
    expect(res.json().clientes).toEqual([]);
    expect(res.json().menus).toHaveLength(9);
    expect(cookieOf(res, 'remember_proveedores')).toBeDefined();
    expect((await browser.get('/api/auth')).json()).toMatchObject({
      client: false,
      supplier: true,
      id: demo,
      sessionName: 'proveedores',
      code: 'PRO0001',
    });
    expect((await browser.get('/api/proveedores/updatemenu')).json()).toHaveLength(9);
    expect((await browser.get('/api/clientes/menu')).statusCode).toBe(401);
    expect(
      (await browser.put('/api/proveedores/proveedor', { id: ids['Trans Meseta S.L.'] }))
        .statusCode,
    ).toBe(403);
    expect((await browser.put('/api/proveedores/proveedor', { id: demo })).json().id).toBe(demo);
  });

  it('rotates the session id at login and kills it at logout', async () => {
    const browser = await signedIn(app, 'cliente@demo.es');
    const first = browser.cookies.get('sid')!;
    const firstId = (await browser.get('/api/auth')).json().sessionId;
    await browser.login('cliente@demo.es');
    const second = browser.cookies.get('sid')!;
    expect(second).not.toBe(first);
    expect((await browser.get('/api/auth')).json().sessionId).not.toBe(firstId);
    const stale = await app.inject({ method: 'GET', url: '/api/auth', cookies: { sid: first } });
    expect(stale.json().success).toBe(0);

    const out = await browser.post('/api/logout');
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out, 'sid')?.value).toBe('');
    const dead = await app.inject({
      method: 'GET',
      url: '/api/clientes/menu',
      cookies: { sid: second },
    });
    expect(dead.statusCode).toBe(401);
    const key = createHash('sha256').update(second).digest('hex');
    expect(
      await app.db.selectFrom('sesiones').select('id').where('id', '=', key).executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditActions()).toContain('logout');
  });

  it('rotates the session id when the active client or supplier changes; the old id is dead', async () => {
    const grupo = await signedIn(app, 'grupo@demo.es');
    const before = grupo.cookies.get('sid')!;
    const csrfBefore = grupo.cookies.get('csrf-token')!;
    const idBefore = (await grupo.get('/api/auth')).json().sessionId;
    const own = ids['Levante Bebidas S.L.']!;
    expect((await grupo.put('/api/clientes/cliente', { id: own })).statusCode).toBe(200);
    const after = grupo.cookies.get('sid')!;
    expect(after).not.toBe(before);
    expect(grupo.cookies.get('csrf-token')).not.toBe(csrfBefore);
    expect((await grupo.get('/api/auth')).json()).toMatchObject({ id: own });
    expect((await grupo.get('/api/auth')).json().sessionId).not.toBe(idBefore);
    const stale = await app.inject({ method: 'GET', url: '/api/auth', cookies: { sid: before } });
    expect(stale.json().success).toBe(0);
    const oldKey = createHash('sha256').update(before).digest('hex');
    expect(
      await app.db.selectFrom('sesiones').select('id').where('id', '=', oldKey).executeTakeFirst(),
    ).toBeUndefined();
    // The new CSRF token goes with the new session: a write with it succeeds.
    expect((await grupo.put('/api/clientes/cliente', { id: own })).statusCode).toBe(200);

    const carrier = await signedIn(app, 'proveedor@demo.es', { portal: 'proveedores' });
    const carrierBefore = carrier.cookies.get('sid')!;
    const demo = ids['Transportes Demo Ibérica S.L.']!;
    expect((await carrier.put('/api/proveedores/proveedor', { id: demo })).statusCode).toBe(200);
    expect(carrier.cookies.get('sid')).not.toBe(carrierBefore);
    const staleCarrier = await app.inject({
      method: 'GET',
      url: '/api/proveedores/updatemenu',
      cookies: { sid: carrierBefore },
    });
    expect(staleCarrier.statusCode).toBe(401);
  });

  it('expires a session after the idle time and after the absolute time', async () => {
    const base = Date.parse('2030-01-01T08:00:00.000Z');
    setNow(base, 0);
    const idle = await signedIn(app, 'cliente@demo.es');
    setNow(base, 119 * 60_000);
    expect((await idle.get('/api/clientes/menu')).statusCode).toBe(200);
    setNow(base, (119 + 119) * 60_000);
    expect((await idle.get('/api/clientes/menu')).statusCode).toBe(200);
    setNow(base, (119 + 119 + 121) * 60_000);
    expect((await idle.get('/api/clientes/menu')).statusCode).toBe(401);

    setNow(base, 0);
    const busy = await signedIn(app, 'cliente@demo.es');
    for (let minutes = 100; minutes < 12 * 60; minutes += 100) {
      setNow(base, minutes * 60_000);
      expect((await busy.get('/api/clientes/menu')).statusCode, `${minutes} min`).toBe(200);
    }
    setNow(base, 12 * 3_600_000);
    const expired = await busy.get('/api/clientes/menu');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses writes without a matching CSRF token or from another origin, changing nothing', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('sesiones')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const browser = new TestBrowser(app);
    const payload = { usuario: 'cliente@demo.es', clave: 'demo1234', dregion: 'es' };
    const missing = await browser.request('POST', '/api/login', { payload, csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({
      error: {
        code: 'CSRF',
        message: 'Falta el token de seguridad de la petición o no es válido. Recargue la página.',
      },
    });
    await browser.get('/api/auth');
    const mismatched = await browser.request('POST', '/api/login', {
      payload,
      headers: { 'x-csrf-token': 'otro.valor' },
    });
    expect(mismatched.statusCode).toBe(403);
    const foreignOrigin = await browser.request('POST', '/api/login', {
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    expect(await count()).toBe(before);

    // A token issued before login is not valid for the session the login created.
    const signed = await signedIn(app, 'grupo@demo.es');
    const anonymousToken = browser.cookies.get('csrf-token')!;
    const stale = await signed.request('PUT', '/api/clientes/cliente', {
      payload: { id: ids['Levante Bebidas S.L.'] },
      headers: { 'x-csrf-token': anonymousToken },
    });
    expect(stale.statusCode).toBe(403);
    const noToken = await signed.request('POST', '/api/logout', { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect((await signed.get('/api/auth')).json().success).toBe(1);
    const sameOrigin = await signed.request('POST', '/api/logout', {
      headers: { origin: 'http://localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('slows down repeated failures per account and IP without locking the real user out', async () => {
    const base = Date.parse('2030-02-01T08:00:00.000Z');
    setNow(base, 0);
    const attacker = new TestBrowser(app, '10.9.9.9');
    for (let i = 0; i < 5; i += 1) {
      expect((await attacker.login('grupo@demo.es', { clave: `mala${i}` })).statusCode).toBe(401);
    }
    const blocked = await attacker.login('grupo@demo.es', { clave: 'mala' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({
      error: {
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Demasiados intentos. Espere 1 segundos y vuelva a intentarlo.',
      },
    });
    // The victim, from another IP, is not affected.
    expect((await new TestBrowser(app, '10.8.8.8').login('grupo@demo.es')).statusCode).toBe(200);

    setNow(base, 1_000);
    expect((await attacker.login('grupo@demo.es', { clave: 'mala6' })).statusCode).toBe(401);
    const doubled = await attacker.login('grupo@demo.es', { clave: 'mala' });
    expect(doubled.statusCode).toBe(429);
    expect(doubled.headers['retry-after']).toBe('2');
    setNow(base, 3_000);
    expect((await attacker.login('grupo@demo.es')).statusCode).toBe(200);
  });

  it('caps login calls per IP and recovery requests per e-mail', async () => {
    const flood = new TestBrowser(app, '10.7.7.7');
    for (let i = 0; i < 30; i += 1) {
      expect((await flood.post('/api/proveedores/login', {})).statusCode).toBe(400);
    }
    const capped = await flood.post('/api/proveedores/login', {});
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await new TestBrowser(app, '10.7.7.8').login('proveedor@demo.es', { portal: 'proveedores' }))
        .statusCode,
    ).toBe(200);

    const recover = new TestBrowser(app, '10.6.6.6');
    for (let i = 0; i < 5; i += 1) {
      const res = await recover.login('nadie@demo.es', { clave: RECOVERY_MARKER });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: 1, clientes: [], proveedores: [], menus: [] });
      expect(typeof res.json().recoverEmailSent).toBe('boolean');
      expect(cookieOf(res, 'sid')).toBeUndefined();
    }
    const tooMany = await recover.login('nadie@demo.es', { clave: RECOVERY_MARKER });
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('counts the customer and the carrier login against one per-IP budget', async () => {
    const flood = new TestBrowser(app, '10.7.7.9');
    for (let i = 0; i < LOGIN_PER_IP_PER_MINUTE; i += 1) {
      const url = i % 2 === 0 ? '/api/login' : '/api/proveedores/login';
      expect((await flood.post(url, {})).statusCode).toBe(400);
    }
    for (const url of ['/api/login', '/api/proveedores/login']) {
      const capped = await flood.post(url, {});
      expect(capped.statusCode).toBe(429);
      expect(capped.json().error.code).toBe('TOO_MANY_ATTEMPTS');
    }
  });

  it('logs in with the remember token instead of a password, rotating it on use', async () => {
    const base = Date.parse('2030-03-01T08:00:00.000Z');
    setNow(base, 0);
    const first = await signedIn(app, 'dos@demo.es', { ip: '10.5.5.5' });
    const r1 = first.cookies.get('remember_clientes')!;
    expect(r1).toBeTruthy();

    const later = new TestBrowser(app, '10.5.5.5');
    later.cookies.set('remember_clientes', r1);
    const remembered = await later.login('dos@demo.es', { clave: '', remembered: true });
    expect(remembered.statusCode).toBe(200);
    expect(remembered.json().clientes).toHaveLength(2);
    const r2 = later.cookies.get('remember_clientes')!;
    expect(r2).not.toBe(r1);

    const replay = new TestBrowser(app, '10.5.5.6');
    replay.cookies.set('remember_clientes', r1);
    expect((await replay.login('dos@demo.es', { clave: '', remembered: true })).json()).toEqual(
      invalid('dos@demo.es'),
    );
    const otherUser = new TestBrowser(app, '10.5.5.7');
    otherUser.cookies.set('remember_clientes', r2);
    expect(
      (await otherUser.login('grupo@demo.es', { clave: '', remembered: true })).statusCode,
    ).toBe(401);
    expect(
      (await new TestBrowser(app, '10.5.5.8').login('dos@demo.es', { clave: '', remembered: true }))
        .statusCode,
    ).toBe(401);

    setNow(base, 31 * 86_400_000);
    const expired = new TestBrowser(app, '10.5.5.9');
    expired.cookies.set('remember_clientes', r2);
    expect((await expired.login('dos@demo.es', { clave: '', remembered: true })).statusCode).toBe(
      401,
    );
  });
});

describe.each(testDatabases())('cookies detrás de HTTPS en $name', ({ open }) => {
  let app: App;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const handle = await open();
    dispose = handle.dispose;
    app = await buildTestApp(handle, { PUBLIC_URL: 'https://extranet.example' });
    await seedDemo(app.db);
  });
  afterAll(async () => {
    await app.close();
    await dispose();
  });

  it('marks every cookie Secure when PUBLIC_URL is https', async () => {
    const res = await new TestBrowser(app).login('cliente@demo.es');
    expect(res.statusCode).toBe(200);
    for (const name of ['sid', 'remember_clientes', 'csrf-token']) {
      expect(cookieOf(res, name)?.secure, name).toBe(true);
    }
  });
});
