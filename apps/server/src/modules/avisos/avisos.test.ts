import { cargaEjemplo } from '@extranet/contracts/integracion/cargas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { recordEvent } from '../../outbox/events.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { clienteIdOf } from '../../test/clientes.js';
import { createProveedorConUsuario } from '../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../test/session.js';
import { createApiKey } from '../api-keys/service.js';
import { cumpleBusqueda } from '../cargas/busquedas.js';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface Aviso {
  id: number;
  tipo: string;
  titulo: string;
  texto: string;
  datos: Record<string, unknown> | null;
  url: string;
  leido: boolean;
}

const carga = {
  origen_poblacion: 'Zaragoza',
  origen_pais_iso: 'ES',
  destino_poblacion: 'Lyon',
  destino_pais_iso: 'FR',
  fecha_carga: '2030-01-10',
  tipo_vehiculo: 'lona',
};

describe('cumpleBusqueda', () => {
  it('compara como el listado: país, prefijo de población sin mayúsculas, fechas y vehículo', () => {
    expect(cumpleBusqueda({}, carga)).toBe(true);
    expect(cumpleBusqueda({ origenPaisIso: 'ES', destinoPoblacion: 'ly' }, carga)).toBe(true);
    expect(cumpleBusqueda({ origenPoblacion: 'ZAR' }, carga)).toBe(true);
    expect(cumpleBusqueda({ destinoPaisIso: 'IT' }, carga)).toBe(false);
    expect(cumpleBusqueda({ destinoPoblacion: 'yon' }, carga)).toBe(false);
    expect(cumpleBusqueda({ fechaDesde: '2030-01-10', fechaHasta: '2030-01-10' }, carga)).toBe(
      true,
    );
    expect(cumpleBusqueda({ fechaDesde: '2030-01-11' }, carga)).toBe(false);
    expect(cumpleBusqueda({ tipoVehiculo: 'frigorifico' }, carga)).toBe(false);
  });
});

describe.each(testDatabases())('centro de avisos ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let key: string;
  let proveedorId: number;
  let ana: { usuarioId: number; browser: TestBrowser };
  let luis: { usuarioId: number; browser: TestBrowser };
  let seq = 0;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    key = (await createApiKey(app.db, { nombre: 'ERP', scopes: ['cargas:write'] })).key;
    const a = await createProveedorConUsuario(handle.db);
    proveedorId = a.proveedorId;
    const l = await createProveedorConUsuario(handle.db, { proveedorId });
    ana = {
      usuarioId: a.usuarioId,
      browser: await signedIn(app, a.email, { portal: 'proveedores' }),
    };
    luis = {
      usuarioId: l.usuarioId,
      browser: await signedIn(app, l.email, { portal: 'proveedores' }),
    };
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  function publicar(items: Array<Record<string, unknown>>) {
    return app.inject({
      method: 'PUT',
      url: '/api/integration/v1/cargas',
      headers: { authorization: `Bearer ${key}` },
      payload: { items: items.map((item) => ({ ...cargaEjemplo, ...item })) },
    });
  }

  function nuevaReferencia() {
    seq += 1;
    return `AV-${Date.now().toString(36)}-${seq}`;
  }

  async function avisos(browser: TestBrowser, query = '') {
    const res = await browser.get(`/api/usuario/avisos${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<Aviso>>();
  }

  async function entregasDe(usuarioId: number, tipo: string) {
    const rows = await handle.db
      .selectFrom('entregas as en')
      .innerJoin('eventos as e', 'e.id', 'en.evento_id')
      .select(['en.canal', 'en.destino'])
      .where('e.tipo', '=', tipo)
      .where('en.destino', 'like', `usuario:${usuarioId}%`)
      .orderBy('en.id')
      .execute();
    return rows.map((r) => r.canal);
  }

  it('guarda una búsqueda con los filtros del listado y la lista solo para su usuario', async () => {
    const res = await ana.browser.post('/api/proveedores/busquedas-cargas', {
      nombre: 'Aragón → Lyon',
      filtro: { origenPaisIso: 'es', origenPoblacion: 'Zarag', destinoPoblacion: 'Lyon' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      nombre: 'Aragón → Lyon',
      filtro: { origenPaisIso: 'ES', origenPoblacion: 'Zarag', destinoPoblacion: 'Lyon' },
    });
    const propias = await ana.browser.get('/api/proveedores/busquedas-cargas');
    expect(propias.json<Page<{ nombre: string }>>().items.map((b) => b.nombre)).toEqual([
      'Aragón → Lyon',
    ]);
    const ajenas = await luis.browser.get('/api/proveedores/busquedas-cargas');
    expect(ajenas.json<Page<unknown>>().items).toEqual([]);
  });

  it('rechaza una búsqueda sin filtros o sin nombre (400 en español) y borra solo las propias', async () => {
    const vacia = await ana.browser.post('/api/proveedores/busquedas-cargas', {
      nombre: 'Todo',
      filtro: {},
    });
    expect(vacia.statusCode).toBe(400);
    expect(vacia.json()).toMatchObject({
      error: { message: 'Elija al menos un filtro antes de guardar la búsqueda.' },
    });
    const sinNombre = await ana.browser.post('/api/proveedores/busquedas-cargas', {
      nombre: ' ',
      filtro: { origenPaisIso: 'FR' },
    });
    expect(sinNombre.statusCode).toBe(400);
    const otra = await ana.browser.post('/api/proveedores/busquedas-cargas', {
      nombre: 'Francia',
      filtro: { origenPaisIso: 'FR' },
    });
    const id = otra.json<{ id: number }>().id;
    expect(
      (await luis.browser.request('DELETE', `/api/proveedores/busquedas-cargas/${id}`)).statusCode,
    ).toBe(404);
    expect(
      (await ana.browser.request('DELETE', `/api/proveedores/busquedas-cargas/${id}`)).statusCode,
    ).toBe(204);
    expect(
      (await ana.browser.request('DELETE', `/api/proveedores/busquedas-cargas/${id}`)).statusCode,
    ).toBe(404);
  });

  it('una carga publicada que cumple la búsqueda da un aviso (y push) una sola vez', async () => {
    const referencia = nuevaReferencia();
    const otra = nuevaReferencia();
    const res = await publicar([
      { referencia, origen_poblacion: 'Zaragoza', destino_poblacion: 'Lyon' },
      { referencia: otra, origen_poblacion: 'Huesca', destino_poblacion: 'Lyon' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const page = await avisos(ana.browser);
    const deCarga = page.items.filter((a) => a.tipo === 'carga_publicada');
    expect(deCarga).toHaveLength(1);
    expect(deCarga[0]).toMatchObject({
      titulo: 'Nueva carga: Aragón → Lyon',
      texto: `${referencia}: Zaragoza → Lyon`,
      leido: false,
    });
    expect(deCarga[0]!.url).toMatch(/^\/proveedores\/cargas\?busqueda=\d+$/);
    // The default of a new kind: push, no e-mail.
    expect(await entregasDe(ana.usuarioId, 'aviso.busqueda')).toEqual(['push']);
    expect((await avisos(luis.browser)).items).toEqual([]);

    // The ERP sends it again, closes and re-opens it: still one notice, one delivery.
    expect((await publicar([{ referencia, destino_poblacion: 'Lyon' }])).statusCode).toBe(200);
    expect((await publicar([{ referencia, estado: 'cerrada' }])).statusCode).toBe(200);
    expect((await publicar([{ referencia, estado: 'abierta' }])).statusCode).toBe(200);
    const otraVez = await avisos(ana.browser);
    expect(otraVez.items.filter((a) => a.tipo === 'carga_publicada')).toHaveLength(1);
    expect(await entregasDe(ana.usuarioId, 'aviso.busqueda')).toEqual(['push']);
  });

  it('las preferencias por tipo y canal deciden push y e-mail; el aviso queda siempre', async () => {
    const antes = await ana.browser.get('/api/usuario/avisos/preferencias');
    expect(antes.json()).toEqual({
      items: [
        { tipo: 'oferta', push: true, email: true },
        { tipo: 'carga_publicada', push: true, email: false },
        { tipo: 'certificado', push: true, email: true },
        { tipo: 'ecmr_firmado', push: false, email: false },
      ],
    });
    const cambio = await ana.browser.put('/api/usuario/avisos/preferencias', {
      items: [
        { tipo: 'carga_publicada', push: false, email: true },
        { tipo: 'oferta', push: false, email: false },
      ],
    });
    expect(cambio.statusCode, cambio.body).toBe(200);
    expect(cambio.json<{ items: unknown[] }>().items).toContainEqual({
      tipo: 'carga_publicada',
      push: false,
      email: true,
    });

    expect((await publicar([{ referencia: nuevaReferencia() }])).statusCode).toBe(200);
    expect(await entregasDe(ana.usuarioId, 'aviso.busqueda')).toEqual(['push', 'email']);

    // An accepted offer: both users get the notice; Ana chose no channel, Luis the defaults.
    await handle.db.transaction().execute((trx) =>
      recordEvent(trx, 'oferta.aceptada', {
        oferta_id: 1,
        carga_id: 1,
        proveedor_id: proveedorId,
        referencia: 'C-ACEPTADA',
        origen_poblacion: 'Zaragoza',
        destino_poblacion: 'Lyon',
        fecha_carga: '2030-01-10',
        precio_centimos: 100_000,
      }),
    );
    expect(await entregasDe(ana.usuarioId, 'oferta.aceptada')).toEqual([]);
    expect(await entregasDe(luis.usuarioId, 'oferta.aceptada')).toEqual(['email', 'push']);
    for (const browser of [ana.browser, luis.browser]) {
      const [primero] = (await avisos(browser)).items;
      expect(primero).toMatchObject({
        tipo: 'oferta',
        titulo: 'Oferta aceptada',
        texto: 'Carga C-ACEPTADA: Zaragoza → Lyon',
        url: '/proveedores/cargas',
      });
    }
  });

  it('rechaza tipos del otro portal y entradas repetidas sin cambiar nada', async () => {
    const ajeno = await ana.browser.put('/api/usuario/avisos/preferencias', {
      items: [{ tipo: 'porte_entregado', push: false, email: false }],
    });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json()).toMatchObject({
      error: { message: 'Este portal no tiene avisos de tipo «porte_entregado».' },
    });
    const repetido = await ana.browser.put('/api/usuario/avisos/preferencias', {
      items: [
        { tipo: 'oferta', push: true, email: true },
        { tipo: 'oferta', push: false, email: false },
      ],
    });
    expect(repetido.statusCode).toBe(400);
    const ahora = await ana.browser.get('/api/usuario/avisos/preferencias');
    expect(ahora.json<{ items: unknown[] }>().items).toContainEqual({
      tipo: 'oferta',
      push: false,
      email: false,
    });
  });

  it('leído, todos leídos, contador y paginación por cursor, solo los del usuario', async () => {
    const { noLeidos } = (await ana.browser.get('/api/usuario/avisos/resumen')).json<{
      noLeidos: number;
    }>();
    expect(noLeidos).toBe(3);
    const primera = await avisos(ana.browser, '?limit=2');
    expect(primera.items).toHaveLength(2);
    expect(primera.nextCursor).not.toBeNull();
    const segunda = await avisos(
      ana.browser,
      `?limit=2&cursor=${encodeURIComponent(primera.nextCursor!)}`,
    );
    expect(segunda.items).toHaveLength(1);
    expect(segunda.nextCursor).toBeNull();

    const id = primera.items[0]!.id;
    // Someone else's notice answers like one that does not exist.
    expect((await luis.browser.post(`/api/usuario/avisos/${id}/leido`)).statusCode).toBe(404);
    expect((await ana.browser.post(`/api/usuario/avisos/${id}/leido`)).statusCode).toBe(204);
    expect((await avisos(ana.browser, '?estado=no_leidos')).items.map((a) => a.id)).not.toContain(
      id,
    );
    const todos = await ana.browser.post('/api/usuario/avisos/leidos');
    expect(todos.json()).toEqual({ marcados: 2 });
    expect((await ana.browser.get('/api/usuario/avisos/resumen')).json()).toEqual({ noLeidos: 0 });
    // Luis's own notice is still unread.
    expect((await luis.browser.get('/api/usuario/avisos/resumen')).json()).toEqual({ noLeidos: 1 });
  });

  it('sin sesión 401; el cliente ve sus propios tipos', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/usuario/avisos' });
    expect(res.statusCode).toBe(401);
    const cliente = await signedIn(app, DEMO_USERS.cliente.email);
    const prefs = await cliente.get('/api/usuario/avisos/preferencias');
    expect(prefs.json<{ items: Array<{ tipo: string }> }>().items.map((p) => p.tipo)).toEqual([
      'porte_retrasado',
      'porte_entregado',
      'parada',
      'ecmr_firmado',
    ]);
    const cargas = await cliente.get('/api/proveedores/busquedas-cargas');
    expect(cargas.statusCode).toBe(401);
  });

  it('guarda el mensaje y sus datos para el idioma del usuario; los avisos antiguos, su texto', async () => {
    const { proveedorId: otroProveedor, email } = await createProveedorConUsuario(handle.db);
    const pedro = await signedIn(app, email, { portal: 'proveedores' });
    const record = <T extends Parameters<typeof recordEvent>[1]>(
      tipo: T,
      payload: Parameters<typeof recordEvent<T>>[2],
    ) => handle.db.transaction().execute((trx) => recordEvent(trx, tipo, payload));
    await record('oferta.rechazada', {
      oferta_id: 2,
      carga_id: 2,
      proveedor_id: otroProveedor,
      referencia: 'C-RECHAZADA',
      origen_poblacion: 'Huesca',
      destino_poblacion: 'Lyon',
      fecha_carga: '2030-01-10',
      precio_centimos: 90_000,
    });
    await record('certificado.caduca', {
      certificado_id: 9,
      proveedor_id: otroProveedor,
      tipo: 'seguro_mercancias',
      tipo_nombre: 'Seguro de mercancías (CMR)',
      descripcion: null,
      fecha_caducidad: '2030-02-01',
      dias: 20,
    });
    const [certificado, oferta] = (await avisos(pedro)).items;
    expect(oferta).toMatchObject({
      titulo: 'Oferta rechazada',
      texto: 'Carga C-RECHAZADA: Huesca → Lyon',
      datos: {
        mensaje: 'oferta_rechazada',
        referencia: 'C-RECHAZADA',
        origen: 'Huesca',
        destino: 'Lyon',
      },
    });
    expect(certificado).toMatchObject({
      titulo: 'Certificado a punto de caducar',
      texto: 'Seguro de mercancías (CMR): caduca el 01/02/2030',
      datos: {
        mensaje: 'certificado_caduca',
        certificado: 'Seguro de mercancías (CMR)',
        fecha: '2030-02-01',
      },
    });
    // Stored as JSON beside the Spanish words.
    const stored = await handle.db
      .selectFrom('avisos_usuario')
      .select(['titulo', 'datos'])
      .where('id', '=', certificado!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.datos!)).toEqual(certificado!.datos);

    // The saved search's load: its name, reference and towns.
    const busqueda = await pedro.post('/api/proveedores/busquedas-cargas', {
      nombre: 'Teruel',
      filtro: { origenPoblacion: 'Teruel' },
    });
    expect(busqueda.statusCode, busqueda.body).toBe(201);
    const referencia = nuevaReferencia();
    expect((await publicar([{ referencia, origen_poblacion: 'Teruel' }])).statusCode).toBe(200);
    const [deCarga] = (await avisos(pedro)).items;
    expect(deCarga!.datos).toEqual({
      mensaje: 'carga_publicada',
      busqueda: 'Teruel',
      referencia,
      origen: 'Teruel',
      destino: cargaEjemplo.destino_poblacion,
    });

    // A customer's delay and a stop event.
    const clienteId = Number(await clienteIdOf(handle, 'Conservas del Ebro S.A.'));
    const partida = `AV-${Date.now().toString(36)}`;
    const porte = {
      porte_id: 1,
      partida,
      cliente_id: clienteId,
      ref_cliente: 'PED-7',
      origen_poblacion: 'Zaragoza',
      origen_pais_iso: 'ES',
      destino_poblacion: 'Lyon',
      destino_pais_iso: 'FR',
      fecha_carga_prevista: '2030-01-10',
      fecha_entrega_prevista: '2030-01-11',
    };
    await record('porte.retrasado', {
      ...porte,
      retraso_minutos: 150,
      parada: {
        fecha: '2030-01-11',
        hora: '10:00',
        poblacion: 'Lyon',
        pais_iso: 'FR',
        comentarios: null,
      },
    });
    await record('aviso.parada', {
      ...porte,
      evento: {
        tipo: 'incidencia',
        texto: 'Pinchazo',
        ocurrido_at: '2030-01-10T12:00:00.000Z',
        parada: { tipo: 'carga', poblacion: 'Zaragoza', pais_iso: 'ES' },
      },
    });
    const cliente = await signedIn(app, DEMO_USERS.cliente.email);
    const dePorte = (await avisos(cliente)).items.filter((a) => a.datos?.['partida'] === partida);
    expect(dePorte.map((a) => [a.tipo, a.titulo, a.texto, a.datos])).toEqual([
      [
        'parada',
        'Incidencia',
        `${partida} (PED-7): Zaragoza · Pinchazo`,
        {
          mensaje: 'parada',
          partida,
          ref_cliente: 'PED-7',
          evento: 'incidencia',
          parada: 'carga',
          poblacion: 'Zaragoza',
          texto: 'Pinchazo',
        },
      ],
      [
        'porte_retrasado',
        'Retraso de 2 h 30 min',
        `${partida} (PED-7): Zaragoza → Lyon`,
        {
          mensaje: 'porte_retrasado',
          partida,
          ref_cliente: 'PED-7',
          origen: 'Zaragoza',
          destino: 'Lyon',
          retraso_minutos: 150,
        },
      ],
    ]);

    // A notice written before the data was kept, and one this version cannot read: the words.
    const { usuarioId } = await handle.db
      .selectFrom('usuarios')
      .select('id as usuarioId')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    for (const datos of [null, '{"mensaje":"desconocido"}']) {
      await handle.db
        .insertInto('avisos_usuario')
        .values({
          usuario_id: Number(usuarioId),
          portal: 'proveedores',
          empresa_id: otroProveedor,
          tipo: 'oferta',
          evento_id: null,
          titulo: 'Oferta aceptada',
          texto: 'Carga C-VIEJA: Huesca → Lyon',
          datos,
          url: '/proveedores/cargas',
          clave: null,
        })
        .execute();
      const [viejo] = (await avisos(pedro)).items;
      expect(viejo).toMatchObject({ titulo: 'Oferta aceptada', datos: null });
    }
  });
});
