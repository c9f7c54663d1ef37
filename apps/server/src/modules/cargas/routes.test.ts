import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { buildTestApp } from '../../test/app.js';
import { walk } from '../../test/clientes.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { createProveedorConUsuario, insertCarga } from '../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../test/session.js';
import { todayInSpain } from './offer-rules.js';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface Row {
  id: number;
  estado: string;
  fecha_carga: string;
  peso_kg: number;
  precio_guia_centimos: number | null;
  origen_poblacion: string;
  origen_pais_iso: string;
  tipo_vehiculo: string;
  oferta: { id: number; precio_centimos: number; estado: string } | null;
}

function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe.each(testDatabases())('cargas y ofertas del proveedor ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let demo: TestBrowser;
  let demoId: number;
  let otroId: number;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    demo = await signedIn(app, DEMO_USERS.proveedor.email, { portal: 'proveedores' });
    const link = await handle.db
      .selectFrom('usuarios_proveedores')
      .innerJoin('usuarios', 'usuarios.id', 'usuarios_proveedores.usuario_id')
      .select('proveedor_id')
      .where('usuarios.email', '=', DEMO_USERS.proveedor.email)
      .executeTakeFirstOrThrow();
    demoId = link.proveedor_id;
    const otro = await handle.db
      .selectFrom('proveedores')
      .select('id')
      .where('razon_social', '=', 'Trans Meseta S.L.')
      .executeTakeFirstOrThrow();
    otroId = otro.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  /** Ids the list must show: open loads not discarded by the demo carrier. */
  async function expectedOpenIds(): Promise<number[]> {
    const rows = await handle.db
      .selectFrom('cargas')
      .select('id')
      .where('estado', '=', 'abierta')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('descartes')
              .select('carga_id')
              .where('proveedor_id', '=', demoId)
              .whereRef('descartes.carga_id', '=', 'cargas.id'),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  it('sin sesión: 401; sin el recurso: 403; escritura sin CSRF: 403', async () => {
    const anon = await app.inject({ method: 'GET', url: '/api/proveedores/cargas' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe('UNAUTHENTICATED');

    const sinRecurso = await createProveedorConUsuario(handle.db, {
      proveedorId: demoId,
      recursos: ['apiweb.proveedores.panel'],
    });
    const browser = await signedIn(app, sinRecurso.email, { portal: 'proveedores' });
    for (const url of [
      '/api/proveedores/cargas',
      '/api/proveedores/cargas/mapa',
      '/api/proveedores/ofertas',
      '/api/proveedores/descartados',
    ]) {
      const res = await browser.get(url);
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json().error.message).toBe('No tiene acceso a esta sección.');
    }
    const carga = await insertCarga(handle.db);
    const write = await browser.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 1000,
    });
    expect(write.statusCode).toBe(403);

    const sinCsrf = await demo.request('POST', `/api/proveedores/cargas/${carga}/ofertas`, {
      payload: { precio_centimos: 1000 },
      csrf: false,
    });
    expect(sinCsrf.statusCode).toBe(403);
    expect(sinCsrf.json().error.code).toBe('CSRF');
    const count = await handle.db
      .selectFrom('ofertas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('carga_id', '=', carga)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lista las cargas abiertas no descartadas, con la oferta propia y nunca la ajena', async () => {
    const rows = await walk<Row>(demo, '/api/proveedores/cargas?limit=7');
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(await expectedOpenIds());
    for (const row of rows) expect(row.estado).toBe('abierta');
    // Ascending by load date, then id.
    const keys = rows.map((r) => `${r.fecha_carga}|${String(r.id).padStart(9, '0')}`);
    expect(keys).toEqual([...keys].sort());

    const own = await handle.db
      .selectFrom('ofertas')
      .select(['id', 'carga_id', 'precio_centimos'])
      .where('proveedor_id', '=', demoId)
      .where('estado', '=', 'pendiente')
      .execute();
    const ownByCarga = new Map(own.map((o) => [o.carga_id, o]));
    for (const row of rows) {
      const mine = ownByCarga.get(row.id);
      expect(row.oferta).toEqual(
        mine ? { id: mine.id, precio_centimos: mine.precio_centimos, estado: 'pendiente' } : null,
      );
    }
    // Loads with only other carriers' offers show no offer at all.
    const foreign = await handle.db
      .selectFrom('ofertas')
      .select('carga_id')
      .where('proveedor_id', '!=', demoId)
      .execute();
    const foreignOnly = foreign.map((o) => o.carga_id).filter((id) => !ownByCarga.has(id));
    expect(foreignOnly.length).toBeGreaterThan(0);
    for (const row of rows.filter((r) => foreignOnly.includes(r.id))) expect(row.oferta).toBeNull();
  });

  it.each(['precio_guia', 'peso'] as const)(
    'recorre todas las páginas exactamente una vez ordenando por %s',
    async (orden) => {
      const rows = await walk<Row>(demo, `/api/proveedores/cargas?orden=${orden}&limit=4`);
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(await expectedOpenIds());
      const key = (r: Row) => (orden === 'peso' ? r.peso_kg : (r.precio_guia_centimos ?? -1));
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1]!, rows[i]!];
        expect(key(a) > key(b) || (key(a) === key(b) && a.id > b.id)).toBe(true);
      }
    },
  );

  it('filtra por país, población (prefijo sin mayúsculas), fechas y tipo, también paginando', async () => {
    const base = await insertCarga(handle.db, {
      origen_poblacion: 'Villanueva de Gállego',
      origen_pais_iso: 'ES',
      fecha_carga: '2031-03-05',
      tipo_vehiculo: 'cisterna',
    });
    const ids = [base];
    for (let i = 0; i < 4; i++) {
      ids.push(
        await insertCarga(handle.db, {
          origen_poblacion: 'VILLANUEVA de la Serena',
          fecha_carga: `2031-03-0${6 + i}`,
          tipo_vehiculo: 'cisterna',
        }),
      );
    }
    await insertCarga(handle.db, {
      origen_poblacion: 'Villanueva del Pardillo',
      fecha_carga: '2031-03-05',
      tipo_vehiculo: 'lona',
    });
    await insertCarga(handle.db, {
      origen_poblacion: 'Villanueva de Gállego',
      fecha_carga: '2031-04-01',
      tipo_vehiculo: 'cisterna',
    });
    const rows = await walk<Row>(
      demo,
      '/api/proveedores/cargas?origenPaisIso=es&origenPoblacion=villanueva&tipoVehiculo=cisterna&fechaDesde=2031-03-01&fechaHasta=2031-03-31&limit=2',
    );
    expect(rows.map((r) => r.id)).toEqual(ids);

    const destino = await demo.get('/api/proveedores/cargas?destinoPaisIso=FR&destinoPoblacion=ly');
    expect(destino.statusCode).toBe(200);
    for (const row of destino.json<Page<Row & { destino_poblacion: string }>>().items) {
      expect(row.destino_poblacion.toLowerCase().startsWith('ly')).toBe(true);
    }
    // `%` in the search text is literal, not a wildcard.
    const pct = await demo.get('/api/proveedores/cargas?origenPoblacion=%25');
    expect(pct.json<Page<Row>>().items).toEqual([]);
  });

  it('rechaza filtros y cursores no válidos con un 400 en español', async () => {
    const inverted = await demo.get(
      '/api/proveedores/cargas?fechaDesde=2031-03-10&fechaHasta=2031-03-01',
    );
    expect(inverted.statusCode).toBe(400);
    expect(JSON.stringify(inverted.json())).toContain(
      'La fecha desde no puede ser posterior a la fecha hasta.',
    );
    const badDate = await demo.get('/api/proveedores/cargas?fechaDesde=2031-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.message).toBe('La petición no es válida.');
    expect((await demo.get('/api/proveedores/cargas?tipoVehiculo=cohete')).statusCode).toBe(400);
    expect(
      (await demo.get('/api/proveedores/cargas/mapa?fechaDesde=2031-03-10&fechaHasta=2031-03-01'))
        .statusCode,
    ).toBe(400);

    const first = (await demo.get('/api/proveedores/cargas?limit=2')).json<Page<Row>>();
    expect(first.nextCursor).toBeTruthy();
    const tampered = [
      'no-es-un-cursor!',
      `${first.nextCursor}x`,
      Buffer.from('["fecha_carga","2030-01-01","x"]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
    ];
    for (const cursor of tampered) {
      const res = await demo.get(`/api/proveedores/cargas?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'INVALID_CURSOR',
        message: 'El cursor de paginación no es válido.',
      });
    }
    // A cursor of another sort order is refused too.
    const other = await demo.get(
      `/api/proveedores/cargas?orden=peso&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(other.json().error.code).toBe('INVALID_CURSOR');
  });

  it('detalle: la carga abierta con mis ofertas; cerrada solo si oferté; nada ajeno', async () => {
    const abierta = await insertCarga(handle.db, { observaciones: 'Cita previa' });
    // Another carrier offers on it and discards it: none of that shows.
    await handle.db
      .insertInto('ofertas')
      .values({ carga_id: abierta, proveedor_id: otroId, precio_centimos: 90_000 })
      .execute();
    await handle.db
      .insertInto('descartes')
      .values({ carga_id: abierta, proveedor_id: otroId })
      .execute();
    const res = await demo.get(`/api/proveedores/cargas/${abierta}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: abierta,
      observaciones: 'Cita previa',
      descartada: false,
      oferta: null,
      ofertas: [],
      origen_lat: 41.65,
    });
    expect(res.body).not.toContain('90000');

    const cerrada = await insertCarga(handle.db, {
      estado: 'asignada',
      proveedor_asignado_id: otroId,
    });
    expect((await demo.get(`/api/proveedores/cargas/${cerrada}`)).statusCode).toBe(404);
    const cerradaConOferta = await insertCarga(handle.db, { estado: 'cerrada' });
    await handle.db
      .insertInto('ofertas')
      .values({
        carga_id: cerradaConOferta,
        proveedor_id: demoId,
        precio_centimos: 5000,
        estado: 'rechazada',
      })
      .execute();
    const visible = await demo.get(`/api/proveedores/cargas/${cerradaConOferta}`);
    expect(visible.statusCode).toBe(200);
    expect(visible.json().ofertas).toHaveLength(1);
    expect((await demo.get('/api/proveedores/cargas/999999')).statusCode).toBe(404);
    expect((await demo.get('/api/proveedores/cargas/abc')).statusCode).toBe(400);
  });

  it('oferta: crea, una abierta por carga, edita, retira; con auditoría', async () => {
    const carga = await insertCarga(handle.db);
    const vehiculo = await handle.db
      .selectFrom('vehiculos')
      .select('id')
      .where('proveedor_id', '=', demoId)
      .where('activo', '=', 1)
      .executeTakeFirstOrThrow();
    const created = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 115_000,
      vehiculo_id: vehiculo.id,
      comentarios: 'Disponible el día anterior',
    });
    expect(created.statusCode, created.body).toBe(201);
    const oferta = created.json();
    expect(oferta).toMatchObject({
      carga_id: carga,
      precio_centimos: 115_000,
      vehiculo_id: vehiculo.id,
      estado: 'pendiente',
      comentarios: 'Disponible el día anterior',
      carga: { origen_poblacion: 'Zaragoza', estado: 'abierta' },
    });

    const again = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'OFFER_EXISTS',
      message: 'Ya tiene una oferta abierta para esta carga.',
    });

    const list = (
      await demo.get(
        '/api/proveedores/cargas?fechaDesde=2030-01-10&fechaHasta=2030-01-10&limit=200',
      )
    ).json<Page<Row>>();
    expect(list.items.find((r) => r.id === carga)?.oferta).toEqual({
      id: oferta.id,
      precio_centimos: 115_000,
      estado: 'pendiente',
    });

    const patched = await demo.request('PATCH', `/api/proveedores/ofertas/${oferta.id}`, {
      payload: { precio_centimos: 110_000, comentarios: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ precio_centimos: 110_000, comentarios: null });

    const withdrawn = await demo.post(`/api/proveedores/ofertas/${oferta.id}/retirar`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().estado).toBe('retirada');
    const twice = await demo.post(`/api/proveedores/ofertas/${oferta.id}/retirar`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('OFFER_NOT_OPEN');
    const editClosed = await demo.request('PATCH', `/api/proveedores/ofertas/${oferta.id}`, {
      payload: { precio_centimos: 100_000 },
    });
    expect(editClosed.statusCode).toBe(409);

    // After withdrawing, a new offer is allowed; the detail keeps both in its history.
    const second = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 99_000,
    });
    expect(second.statusCode).toBe(201);
    const detail = (await demo.get(`/api/proveedores/cargas/${carga}`)).json();
    expect(detail.ofertas.map((o: { estado: string }) => o.estado).sort()).toEqual([
      'pendiente',
      'retirada',
    ]);
    expect(detail.oferta).toMatchObject({ id: second.json().id, estado: 'pendiente' });

    const audit = await handle.db
      .selectFrom('audit_log')
      .select('accion')
      .where('entidad', '=', 'oferta')
      .where('entidad_id', '=', String(oferta.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(['oferta.crear', 'oferta.editar', 'oferta.retirar']);
  });

  it('oferta: validación 400 en español sin cambiar nada; cargas cerradas 409; lo ajeno 404', async () => {
    const carga = await insertCarga(handle.db);
    const before = await handle.db
      .selectFrom('ofertas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const payload of [
      { precio_centimos: -5 },
      { precio_centimos: 0 },
      { precio_centimos: 10_000_001 },
      { precio_centimos: 12.5 },
      { precio_centimos: 1000, comentarios: 'x'.repeat(501) },
      {},
    ]) {
      const res = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, payload);
      expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const negative = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: -5,
    });
    expect(JSON.stringify(negative.json())).toContain('El precio debe ser mayor que 0.');
    const after = await handle.db
      .selectFrom('ofertas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const cerrada = await insertCarga(handle.db, { estado: 'asignada' });
    await handle.db
      .insertInto('ofertas')
      .values({
        carga_id: cerrada,
        proveedor_id: demoId,
        precio_centimos: 5000,
        estado: 'rechazada',
      })
      .execute();
    const closed = await demo.post(`/api/proveedores/cargas/${cerrada}/ofertas`, {
      precio_centimos: 5000,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toEqual({
      code: 'LOAD_CLOSED',
      message: 'La carga ya no admite ofertas.',
    });
    const invisible = await insertCarga(handle.db, { estado: 'cerrada' });
    expect(
      (await demo.post(`/api/proveedores/cargas/${invisible}/ofertas`, { precio_centimos: 5000 }))
        .statusCode,
    ).toBe(404);

    const ajeno = await handle.db
      .selectFrom('vehiculos')
      .select('id')
      .where('proveedor_id', '=', otroId)
      .executeTakeFirstOrThrow();
    const foreignVehicle = await demo.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 5000,
      vehiculo_id: ajeno.id,
    });
    expect(foreignVehicle.statusCode).toBe(404);
    expect(foreignVehicle.json().error.message).toBe('Vehículo no encontrado.');

    const foreignOffer = await handle.db
      .insertInto('ofertas')
      .values({ carga_id: carga, proveedor_id: otroId, precio_centimos: 77_700 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const patch = await demo.request('PATCH', `/api/proveedores/ofertas/${foreignOffer.id}`, {
      payload: { precio_centimos: 1 },
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.body).not.toContain('77700');
    expect(
      (await demo.post(`/api/proveedores/ofertas/${foreignOffer.id}/retirar`)).statusCode,
    ).toBe(404);
    const unchanged = await handle.db
      .selectFrom('ofertas')
      .select(['precio_centimos', 'estado'])
      .where('id', '=', foreignOffer.id)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual({ precio_centimos: 77_700, estado: 'pendiente' });
  });

  it('no deja ofertar con un certificado obligatorio caducado, y dice cuál y cuándo', async () => {
    const otro = await createProveedorConUsuario(handle.db);
    const browser = await signedIn(app, otro.email, { portal: 'proveedores' });
    const today = todayInSpain(new Date());
    await handle.db
      .insertInto('certificados')
      .values([
        // An optional expired one does not block.
        { proveedor_id: otro.proveedorId, tipo: 'adr', fecha_caducidad: addDays(today, -30) },
        { proveedor_id: otro.proveedorId, tipo: 'tarjeta_transporte', fecha_caducidad: today },
      ])
      .execute();
    const carga = await insertCarga(handle.db);
    const ok = await browser.post(`/api/proveedores/cargas/${carga}/ofertas`, {
      precio_centimos: 1000,
    });
    expect(ok.statusCode, ok.body).toBe(201);

    const caducada = addDays(today, -1);
    await handle.db
      .insertInto('certificados')
      .values({
        proveedor_id: otro.proveedorId,
        tipo: 'seguro_mercancias',
        fecha_caducidad: caducada,
      })
      .execute();
    const carga2 = await insertCarga(handle.db);
    const blocked = await browser.post(`/api/proveedores/cargas/${carga2}/ofertas`, {
      precio_centimos: 1000,
    });
    expect(blocked.statusCode).toBe(409);
    const [y, m, d] = caducada.split('-');
    expect(blocked.json().error).toMatchObject({
      code: 'CERTIFICATE_EXPIRED',
      message: `No puede ofertar: el certificado «Seguro de mercancías (CMR)» caducó el ${d}/${m}/${y}.`,
    });

    // Uploading a new version of that type lifts the block.
    await handle.db
      .insertInto('certificados')
      .values({
        proveedor_id: otro.proveedorId,
        tipo: 'seguro_mercancias',
        fecha_caducidad: addDays(today, 365),
      })
      .execute();
    expect(
      (await browser.post(`/api/proveedores/cargas/${carga2}/ofertas`, { precio_centimos: 1000 }))
        .statusCode,
    ).toBe(201);
  });

  it('mis ofertas: solo las propias, por estado, paginadas sin repetir', async () => {
    const all = await walk<Row>(demo, '/api/proveedores/ofertas?limit=3');
    const own = await handle.db
      .selectFrom('ofertas')
      .select(['id', 'estado'])
      .where('proveedor_id', '=', demoId)
      .execute();
    expect(all.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      own.map((o) => o.id).sort((a, b) => a - b),
    );
    const pendientes = await walk<Row>(demo, '/api/proveedores/ofertas?estado=pendiente&limit=2');
    expect(pendientes.map((o) => o.id).sort((a, b) => a - b)).toEqual(
      own
        .filter((o) => o.estado === 'pendiente')
        .map((o) => o.id)
        .sort((a, b) => a - b),
    );
    expect((await demo.get('/api/proveedores/ofertas?estado=ganada')).statusCode).toBe(400);
  });

  it('descarta y restaura una carga; la vista Descartados la muestra mientras tanto', async () => {
    const carga = await insertCarga(handle.db, { fecha_carga: '2032-01-01' });
    const inList = async () =>
      (await demo.get('/api/proveedores/cargas?fechaDesde=2032-01-01&fechaHasta=2032-01-01'))
        .json<Page<Row>>()
        .items.some((r) => r.id === carga);
    expect(await inList()).toBe(true);

    expect((await demo.post(`/api/proveedores/cargas/${carga}/descartar`)).statusCode).toBe(204);
    expect((await demo.post(`/api/proveedores/cargas/${carga}/descartar`)).statusCode).toBe(204);
    expect(await inList()).toBe(false);
    const mapa = (await demo.get('/api/proveedores/cargas/mapa')).json<{ items: Row[] }>();
    expect(mapa.items.some((r) => r.id === carga)).toBe(false);
    const descartados = await walk<Row>(demo, '/api/proveedores/descartados?limit=2');
    expect(descartados.filter((r) => r.id === carga)).toHaveLength(1);
    expect((await demo.get(`/api/proveedores/cargas/${carga}`)).json().descartada).toBe(true);

    expect(
      (await demo.request('DELETE', `/api/proveedores/cargas/${carga}/descartar`)).statusCode,
    ).toBe(204);
    expect(await inList()).toBe(true);
    expect(
      (await demo.request('DELETE', `/api/proveedores/cargas/${carga}/descartar`)).statusCode,
    ).toBe(204);
    const audit = await handle.db
      .selectFrom('audit_log')
      .select('accion')
      .where('entidad', '=', 'carga')
      .where('entidad_id', '=', String(carga))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.accion)).toEqual(['carga.descartar', 'carga.restaurar']);

    const cerrada = await insertCarga(handle.db, { estado: 'anulada' });
    expect((await demo.post(`/api/proveedores/cargas/${cerrada}/descartar`)).statusCode).toBe(404);
    expect((await demo.get('/api/proveedores/descartados?cursor=zzz')).statusCode).toBe(400);

    // The demo carrier's discards come first in Descartados and every one is open.
    const rows = await walk<Row>(demo, '/api/proveedores/descartados?limit=1');
    const seeded = await handle.db
      .selectFrom('descartes')
      .innerJoin('cargas', 'cargas.id', 'descartes.carga_id')
      .select('cargas.id')
      .where('descartes.proveedor_id', '=', demoId)
      .where('cargas.estado', '=', 'abierta')
      .execute();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      seeded.map((s) => s.id).sort((a, b) => a - b),
    );
  });

  it('mapa: cargas abiertas con coordenadas y los mismos filtros', async () => {
    const sinCoordenadas = await insertCarga(handle.db, {
      origen_lat: null,
      fecha_carga: '2033-05-05',
    });
    const conCoordenadas = await insertCarga(handle.db, { fecha_carga: '2033-05-05' });
    const res = await demo.get(
      '/api/proveedores/cargas/mapa?fechaDesde=2033-05-05&fechaHasta=2033-05-05',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      items: Array<{ id: number; origen_lat: number }>;
      truncated: boolean;
    }>();
    expect(body).toMatchObject({ truncated: false });
    expect(body.items.map((i) => i.id)).toEqual([conCoordenadas]);
    expect(body.items.map((i) => i.id)).not.toContain(sinCoordenadas);
    const all = (await demo.get('/api/proveedores/cargas/mapa')).json<{ items: unknown[] }>();
    expect(all.items.length).toBeGreaterThan(20);
  });
});
