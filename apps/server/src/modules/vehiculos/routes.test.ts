import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { buildTestApp } from '../../test/app.js';
import { walk } from '../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { createProveedorConUsuario, insertCarga } from '../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../test/session.js';

interface Vehiculo {
  id: number;
  matricula: string;
  activo: boolean;
  disponible: boolean;
}

const nuevo = {
  matricula: ' 1234-bcd ',
  tipo: 'frigorifico',
  capacidad_kg: 24_000,
  palets: 33,
  conductor_nombre: 'Ana Pérez',
  conductor_telefono: '+34 600 111 222',
  disponible: true,
  disponible_desde: '2030-01-01',
  disponible_hasta: '2030-01-31',
};

describe.each(testDatabases())('panel de vehículos ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let browser: TestBrowser;
  let proveedorId: number;
  let ajenoId: number;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    const own = await createProveedorConUsuario(handle.db);
    proveedorId = own.proveedorId;
    browser = await signedIn(app, own.email, { portal: 'proveedores' });
    ajenoId = (
      await handle.db
        .selectFrom('vehiculos')
        .innerJoin(
          'usuarios_proveedores',
          'usuarios_proveedores.proveedor_id',
          'vehiculos.proveedor_id',
        )
        .innerJoin('usuarios', 'usuarios.id', 'usuarios_proveedores.usuario_id')
        .select('vehiculos.id')
        .where('usuarios.email', '=', DEMO_USERS.proveedor.email)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  it('401 sin sesión, 403 sin el recurso panel', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/proveedores/vehiculos' })).statusCode,
    ).toBe(401);
    const sinPanel = await createProveedorConUsuario(handle.db, {
      proveedorId,
      recursos: ['apiweb.proveedores.cargas'],
    });
    const other = await signedIn(app, sinPanel.email, { portal: 'proveedores' });
    expect((await other.get('/api/proveedores/vehiculos')).statusCode).toBe(403);
    expect((await other.get('/api/proveedores/vehiculos/mapa')).statusCode).toBe(403);
    expect((await other.post('/api/proveedores/vehiculos', nuevo)).statusCode).toBe(403);
  });

  it('da de alta con la matrícula normalizada; la repetida es un 409 en español', async () => {
    const res = await browser.post('/api/proveedores/vehiculos', nuevo);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      matricula: '1234BCD',
      tipo: 'frigorifico',
      activo: true,
      disponible: true,
      disponible_hasta: '2030-01-31',
    });
    const dup = await browser.post('/api/proveedores/vehiculos', {
      ...nuevo,
      matricula: '1234 BCD',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Ya existe un vehículo con la matrícula 1234BCD.');
    const audit = await handle.db
      .selectFrom('audit_log')
      .select('accion')
      .where('entidad', '=', 'vehiculo')
      .where('entidad_id', '=', String(res.json().id))
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(['vehiculo.crear']);
  });

  it('valida el alta y la edición (400 en español, nada cambia)', async () => {
    const before = await handle.db
      .selectFrom('vehiculos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      { ...nuevo, matricula: '9999XYZ', tipo: 'nave' },
      { ...nuevo, matricula: '9999XYZ', capacidad_kg: 0 },
      { ...nuevo, matricula: '9999XYZ', capacidad_kg: 60_001 },
      { ...nuevo, matricula: '9999XYZ', palets: 41 },
      {
        ...nuevo,
        matricula: '9999XYZ',
        disponible_desde: '2030-02-01',
        disponible_hasta: '2030-01-01',
      },
      { ...nuevo, matricula: '9999XYZ', disponible_desde: '2030-13-01' },
      { ...nuevo, matricula: '¡¡' },
    ]) {
      const res = await browser.post('/api/proveedores/vehiculos', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const after = await handle.db
      .selectFrom('vehiculos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const created = (
      await browser.post('/api/proveedores/vehiculos', { ...nuevo, matricula: '5555KLM' })
    ).json();
    // Only `hasta` sent, before the stored `desde`: refused against the stored value.
    const inverted = await browser.request('PATCH', `/api/proveedores/vehiculos/${created.id}`, {
      payload: { disponible_hasta: '2029-12-01' },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().error.message).toContain('disponible desde');
  });

  it('edita, desactiva (sale del panel y de las ofertas) y nunca toca lo ajeno', async () => {
    const created = (
      await browser.post('/api/proveedores/vehiculos', { ...nuevo, matricula: '7777FGH' })
    ).json();
    const patched = await browser.request('PATCH', `/api/proveedores/vehiculos/${created.id}`, {
      payload: { conductor_nombre: 'Luis Gil', disponible: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ conductor_nombre: 'Luis Gil', disponible: false });

    const rename = await browser.request('PATCH', `/api/proveedores/vehiculos/${created.id}`, {
      payload: { matricula: '1234BCD' },
    });
    expect(rename.statusCode).toBe(409);

    const off = await browser.post(`/api/proveedores/vehiculos/${created.id}/desactivar`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ activo: false });
    const active = await walk<Vehiculo>(browser, '/api/proveedores/vehiculos?limit=1');
    expect(active.map((v) => v.id)).not.toContain(created.id);
    const inactive = await walk<Vehiculo>(browser, '/api/proveedores/vehiculos?activo=false');
    expect(inactive.map((v) => v.id)).toEqual([created.id]);
    const carga = await insertCarga(handle.db);
    const offer = await browser.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 1000,
      vehiculo_id: created.id,
    });
    expect(offer.statusCode).toBe(404);
    const editOff = await browser.request('PATCH', `/api/proveedores/vehiculos/${created.id}`, {
      payload: { palets: 10 },
    });
    expect(editOff.statusCode).toBe(404);

    for (const [method, url, payload] of [
      ['GET', `/api/proveedores/vehiculos/${ajenoId}`, undefined],
      ['PATCH', `/api/proveedores/vehiculos/${ajenoId}`, { palets: 1 }],
      ['POST', `/api/proveedores/vehiculos/${ajenoId}/desactivar`, undefined],
    ] as const) {
      const res = await browser.request(method, url, payload === undefined ? {} : { payload });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    const ajeno = await handle.db
      .selectFrom('vehiculos')
      .select(['activo', 'palets'])
      .where('id', '=', ajenoId)
      .executeTakeFirstOrThrow();
    expect(ajeno.activo).toBe(1);
    expect(ajeno.palets).not.toBe(1);
  });

  it('lista por matrícula con cursor, filtra por disponibilidad y da el mapa', async () => {
    for (let i = 0; i < 5; i++) {
      await browser.post('/api/proveedores/vehiculos', {
        ...nuevo,
        matricula: `000${i}ZZZ`,
        disponible: i % 2 === 0,
      });
    }
    const all = await walk<Vehiculo>(browser, '/api/proveedores/vehiculos?limit=2');
    const plates = all.map((v) => v.matricula);
    expect(plates).toEqual([...plates].sort());
    expect(new Set(all.map((v) => v.id)).size).toBe(all.length);
    const own = await handle.db
      .selectFrom('vehiculos')
      .select('id')
      .where('proveedor_id', '=', proveedorId)
      .where('activo', '=', 1)
      .execute();
    expect(all.map((v) => v.id).sort((a, b) => a - b)).toEqual(
      own.map((v) => v.id).sort((a, b) => a - b),
    );
    const disponibles = await walk<Vehiculo>(
      browser,
      '/api/proveedores/vehiculos?disponible=true&limit=2',
    );
    expect(disponibles.every((v) => v.disponible)).toBe(true);
    expect((await browser.get('/api/proveedores/vehiculos?cursor=%7B%7D')).json().error.code).toBe(
      'INVALID_CURSOR',
    );

    await handle.db
      .updateTable('vehiculos')
      .set({ ultima_lat: 41.6, ultima_lng: -0.9, ultima_poblacion: 'Zaragoza' })
      .where('proveedor_id', '=', proveedorId)
      .where('matricula', '=', '0000ZZZ')
      .execute();
    const mapa = await browser.get('/api/proveedores/vehiculos/mapa');
    expect(mapa.statusCode).toBe(200);
    expect(mapa.json()).toMatchObject({
      truncated: false,
      items: [{ matricula: '0000ZZZ', lat: 41.6, lng: -0.9, ultima_poblacion: 'Zaragoza' }],
    });
  });
});
