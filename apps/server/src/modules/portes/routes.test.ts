import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkDatabase, expectIndexOrder, queryPlan } from '../../test/query-plan.js';
import { accessLinkBrowser, clientesDe, useClientesDemo, walk } from '../../test/clientes.js';
import { csvLines } from '../../test/csv.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { signedIn, TestBrowser } from '../../test/session.js';
import { historicoQuery } from './repository.js';
import { facturasDePorteQuery } from '../tracking/repository.js';

type Item = Record<string, unknown> & { id: number; partida: string };

describe.each(testDatabases())('portes y tracking del cliente ($name)', ({ open }) => {
  const demo = useClientesDemo(open);

  const portesDe = (id: number) =>
    demo.handle.db
      .selectFrom('portes')
      .selectAll()
      .where('cliente_id', '=', id)
      .orderBy('id')
      .execute();
  const conParadas = async (id: number) => {
    const row = await demo.handle.db
      .selectFrom('portes as p')
      .select(['p.partida', 'p.id'])
      .where('p.cliente_id', '=', id)
      .where((eb) =>
        eb.exists(
          eb.selectFrom('seguimiento as s').select('s.id').whereRef('s.porte_id', '=', 'p.id'),
        ),
      )
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    return row;
  };

  it('sin sesión 401; sesión de proveedor 401', async () => {
    const anon = new TestBrowser(demo.app);
    const { partida } = await conParadas(demo.clienteId);
    for (const url of [
      '/api/clientes/tracking?q=1',
      `/api/clientes/portes/${partida}/tracking`,
      '/api/clientes/portes',
      '/api/clientes/historico',
      '/api/clientes/historico/export.csv',
    ]) {
      expect((await anon.get(url)).statusCode).toBe(401);
    }
    const proveedor = await signedIn(demo.app, 'proveedor@demo.es', { portal: 'proveedores' });
    expect((await proveedor.get('/api/clientes/portes')).statusCode).toBe(401);
  });

  it('busca por partida exacta o por prefijo de la referencia, solo del cliente', async () => {
    const propios = await portesDe(demo.clienteId);
    const porte = propios.find((p) => p.ref_cliente)!;
    const byPartida = await demo.cliente.get(`/api/clientes/tracking?q=${porte.partida}`);
    expect(byPartida.statusCode).toBe(200);
    expect(byPartida.headers['cache-control']).toBe('no-store');
    expect(byPartida.json().items.map((i: Item) => i.partida)).toEqual([porte.partida]);
    const prefix = porte.ref_cliente!.slice(0, 6).toLowerCase();
    const byRef = (await demo.cliente.get(`/api/clientes/tracking?q=${prefix}`)).json()
      .items as Item[];
    const expected = propios.filter((p) => p.ref_cliente?.toLowerCase().startsWith(prefix));
    expect(byRef.map((i) => i.partida).sort()).toEqual(expected.map((p) => p.partida).sort());
    expect(byRef.length).toBeLessThanOrEqual(20);
    // Another client's partida and reference find nothing.
    const ajeno = (await portesDe(demo.otroClienteId)).find((p) => p.ref_cliente)!;
    expect(
      (await demo.cliente.get(`/api/clientes/tracking?q=${ajeno.partida}`)).json().items,
    ).toEqual([]);
    const vacio = await demo.cliente.get('/api/clientes/tracking?q=');
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('seguimiento: paradas en orden, posición, retraso y documentos', async () => {
    const { partida, id } = await conParadas(demo.clienteId);
    const res = await demo.cliente.get(`/api/clientes/portes/${partida}/tracking`);
    expect(res.statusCode).toBe(200);
    // A conditional read (decision 014): revalidated by ETag, never stored for others.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBeDefined();
    const t = res.json();
    const stops = await demo.handle.db
      .selectFrom('seguimiento')
      .selectAll()
      .where('porte_id', '=', id)
      .orderBy('fecha')
      .orderBy('hora')
      .orderBy('id')
      .execute();
    expect(t.partida).toBe(partida);
    expect(t.paradas.map((s: { id: number }) => s.id)).toEqual(stops.map((s) => s.id));
    expect(Object.keys(t.paradas[0]).sort()).toEqual(
      [
        'comentarios',
        'cp',
        'fecha',
        'hora',
        'id',
        'kilometros_destino',
        'lat',
        'lng',
        'pais',
        'pais_iso',
        'partida',
        'poblacion',
        'poblacionB',
        'retraso',
      ].sort(),
    );
    expect(t.paradas[0].poblacionB).toBe(stops[0]!.poblacion_b);
    const last = stops.filter((s) => s.lat !== null).at(-1)!;
    expect(t.posicion_actual).toMatchObject({ lat: last.lat, lng: last.lng, fecha: last.fecha });
    expect(t.retraso).toBe(stops.at(-1)!.retraso);
    expect(t.kilometros_destino).toBe(stops.at(-1)!.kilometros_destino);
    expect(typeof t.destino_lat).toBe('number');

    // Documents: a delivered shipment with a leg CMR and an invoice.
    const conDocs = await demo.handle.db
      .selectFrom('portes as p')
      .innerJoin('subpartidas as s', 's.porte_id', 'p.id')
      .innerJoin('factura_lineas as l', 'l.porte_id', 'p.id')
      .select(['p.partida', 's.cmr_archivo_id'])
      .where('p.cliente_id', '=', demo.clienteId)
      .where('s.cmr_archivo_id', 'is not', null)
      .executeTakeFirst();
    expect(conDocs).toBeDefined();
    const docs = (
      await demo.cliente.get(`/api/clientes/portes/${conDocs!.partida}/tracking`)
    ).json().documentos as Array<{ id: number; tipo: string }>;
    expect(docs.map((d) => d.tipo)).toEqual(expect.arrayContaining(['cmr', 'factura']));
    for (const d of docs) {
      expect((await demo.cliente.get(`/api/clientes/archivos/${d.id}`)).statusCode).toBe(200);
    }
  });

  it('retraso, km hasta destino y última parada coinciden en Portes y en el seguimiento', async () => {
    // Issue 14: a stop's 240 min delay in tracking while the list said "—".
    const activos = await walk<{
      partida: string;
      ultima_parada: {
        poblacion: string;
        fecha: string;
        hora: string;
        retraso: number;
        kilometros_destino: number | null;
      } | null;
    }>(demo.cliente, '/api/clientes/portes?limit=50');
    const enRuta = activos.filter((p) => p.ultima_parada !== null);
    expect(enRuta.length).toBeGreaterThanOrEqual(2);
    for (const porte of enRuta) {
      const t = (await demo.cliente.get(`/api/clientes/portes/${porte.partida}/tracking`)).json();
      const ultima = t.paradas.at(-1);
      expect(
        {
          poblacion: ultima.poblacion,
          fecha: ultima.fecha,
          hora: ultima.hora,
          retraso: t.retraso,
          kilometros_destino: t.kilometros_destino,
        },
        porte.partida,
      ).toEqual({
        poblacion: porte.ultima_parada?.poblacion,
        fecha: porte.ultima_parada?.fecha,
        hora: porte.ultima_parada?.hora,
        retraso: porte.ultima_parada?.retraso,
        kilometros_destino: porte.ultima_parada?.kilometros_destino,
      });
      expect(t.posicion_actual).toMatchObject({ poblacion: ultima.poblacion, hora: ultima.hora });
    }
  });

  it('el porte de otro cliente es 404 sin sus datos; también con enlace de acceso', async () => {
    const ajeno = await conParadas(demo.otroClienteId);
    const res = await demo.cliente.get(`/api/clientes/portes/${ajeno.partida}/tracking`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Porte no encontrado.' } });
    expect(res.body).not.toContain(ajeno.partida);
    expect((await demo.cliente.get('/api/clientes/portes/NOEXISTE-1/tracking')).statusCode).toBe(
      404,
    );
    expect((await demo.cliente.get('/api/clientes/portes/..%2F1/tracking')).statusCode).toBe(400);

    const enlace = await accessLinkBrowser(demo.app, demo.clienteId);
    const propio = await conParadas(demo.clienteId);
    expect((await enlace.get(`/api/clientes/portes/${propio.partida}/tracking`)).statusCode).toBe(
      200,
    );
    expect((await enlace.get(`/api/clientes/portes/${ajeno.partida}/tracking`)).statusCode).toBe(
      404,
    );
    expect((await enlace.get(`/api/clientes/tracking?q=${ajeno.partida}`)).json().items).toEqual(
      [],
    );
  });

  it('grupo@demo.es ve los datos del cliente elegido y no los del otro', async () => {
    const [a, b] = await clientesDe(demo.handle, 'grupo@demo.es');
    const grupo = await signedIn(demo.app, 'grupo@demo.es', { clienteId: a! });
    const deB = await conParadas(b!);
    expect((await grupo.get(`/api/clientes/portes/${deB.partida}/tracking`)).statusCode).toBe(404);
    const historicoA = await walk<Item>(grupo, '/api/clientes/historico');
    expect(historicoA.every((p) => p.partida !== deB.partida)).toBe(true);
    expect((await grupo.put('/api/clientes/cliente', { id: b })).statusCode).toBe(200);
    expect((await grupo.get(`/api/clientes/portes/${deB.partida}/tracking`)).statusCode).toBe(200);
    // A second user of the other client list sees only its own.
    const dos = await signedIn(demo.app, 'dos@demo.es', {
      clienteId: (await clientesDe(demo.handle, 'dos@demo.es'))[0]!,
    });
    expect((await dos.get(`/api/clientes/portes/${deB.partida}/tracking`)).statusCode).toBe(404);
  });

  it('portes activos: estados activos, última parada, filtros, orden y cursor', async () => {
    const propios = await portesDe(demo.clienteId);
    const activos = propios.filter((p) =>
      ['pendiente', 'en_transito', 'incidencia'].includes(p.estado),
    );
    const asc = await walk<Item & { fecha_carga_prevista: string }>(
      demo.cliente,
      '/api/clientes/portes?limit=3',
    );
    expect(asc.map((p) => p.id).sort()).toEqual(activos.map((p) => p.id).sort());
    expect(new Set(asc.map((p) => p.id)).size).toBe(asc.length);
    const keys = asc.map((p) => `${p.fecha_carga_prevista}|${String(p.id).padStart(9, '0')}`);
    expect([...keys].sort()).toEqual(keys);
    const desc = await walk<Item>(
      demo.cliente,
      '/api/clientes/portes?limit=4&orden=fecha_carga_prevista_desc',
    );
    expect(desc.map((p) => p.id)).toEqual([...asc].reverse().map((p) => p.id));

    const enRuta = asc.find((p) => p['ultima_parada'] !== null);
    expect(enRuta).toBeDefined();
    const stops = await demo.handle.db
      .selectFrom('seguimiento')
      .selectAll()
      .where('porte_id', '=', enRuta!.id)
      .orderBy('fecha', 'desc')
      .orderBy('hora', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(enRuta!['ultima_parada']).toEqual({
      poblacion: stops[0]!.poblacion,
      pais_iso: stops[0]!.pais_iso,
      fecha: stops[0]!.fecha,
      hora: stops[0]!.hora,
      retraso: stops[0]!.retraso,
      kilometros_destino: stops[0]!.kilometros_destino,
    });

    const estado = activos[0]!.estado;
    const filtrados = await walk<Item>(demo.cliente, `/api/clientes/portes?estado=${estado}`);
    expect(filtrados.length).toBe(activos.filter((p) => p.estado === estado).length);
    const origen = activos[0]!.origen_poblacion.slice(0, 3).toLowerCase();
    const porOrigen = await walk<Item>(
      demo.cliente,
      `/api/clientes/portes?origen=${encodeURIComponent(origen)}`,
    );
    expect(porOrigen.length).toBe(
      activos.filter((p) => p.origen_poblacion.toLowerCase().startsWith(origen)).length,
    );
    const q = await demo.cliente.get(`/api/clientes/portes?q=${activos[0]!.partida}`);
    expect(q.json().items.map((p: Item) => p.partida)).toEqual([activos[0]!.partida]);
    expect((await demo.cliente.get('/api/clientes/portes?estado=entregado')).statusCode).toBe(400);
    // A cursor of one order is refused by the other.
    const page = (await demo.cliente.get('/api/clientes/portes?limit=1')).json();
    const mixed = await demo.cliente.get(
      `/api/clientes/portes?limit=1&orden=fecha_carga_prevista_desc&cursor=${page.nextCursor}`,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe('INVALID_CURSOR');
  });

  it('histórico: entregados, fechas, cursor y validación en español', async () => {
    const entregados = (await portesDe(demo.clienteId)).filter((p) => p.estado === 'entregado');
    const res = await demo.cliente.get('/api/clientes/historico?limit=200');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const todos = await walk<Item & { fecha_carga_prevista: string }>(
      demo.cliente,
      '/api/clientes/historico?limit=4',
    );
    expect(todos.map((p) => p.id).sort()).toEqual(entregados.map((p) => p.id).sort());
    expect(new Set(todos.map((p) => p.id)).size).toBe(todos.length);
    const keys = todos.map((p) => `${p.fecha_carga_prevista}|${String(p.id).padStart(9, '0')}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(Object.keys(todos[0]!)).toEqual(
      expect.arrayContaining(['ref_cliente', 'p_facturable_kg', 'estado', 'incidencia', 'bultos']),
    );
    const mid = todos[Math.floor(todos.length / 2)]!.fecha_carga_prevista;
    const desde = await walk<Item & { fecha_carga_prevista: string }>(
      demo.cliente,
      `/api/clientes/historico?fechaDesde=${mid}`,
    );
    expect(desde.length).toBe(todos.filter((p) => p.fecha_carga_prevista >= mid).length);
    const hasta = await walk<Item>(demo.cliente, `/api/clientes/historico?fechaHasta=${mid}`);
    expect(hasta.length).toBe(todos.filter((p) => p.fecha_carga_prevista <= mid).length);
    const mal = await demo.cliente.get(
      '/api/clientes/historico?fechaDesde=2026-03-01&fechaHasta=2026-01-01',
    );
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.details).toEqual([
      expect.objectContaining({
        message: 'La fecha desde no puede ser posterior a la fecha hasta.',
      }),
    ]);
    expect(
      (await demo.cliente.get('/api/clientes/historico?fechaDesde=2026-02-30')).statusCode,
    ).toBe(400);
    expect((await demo.cliente.get('/api/clientes/historico?cursor=nope!')).json().error.code).toBe(
      'INVALID_CURSOR',
    );
  });

  it('exporta el histórico a CSV para Excel', async () => {
    const entregados = (await portesDe(demo.clienteId)).filter((p) => p.estado === 'entregado');
    const res = await demo.cliente.get('/api/clientes/historico/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="historico-portes.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Partida;Ref.Cliente;Origen;País origen;Destino;País destino;Carga Prevista;Entrega Prevista;Entregado;Bultos;Peso (kg);P.Facturable (kg);Estado;Incidencia',
    );
    expect(lines.length - 1).toBe(entregados.length);
    const first = entregados.sort((a, b) =>
      `${b.fecha_carga_prevista}|${String(b.id).padStart(9, '0')}`.localeCompare(
        `${a.fecha_carga_prevista}|${String(a.id).padStart(9, '0')}`,
      ),
    )[0]!;
    const cells = lines[1]!.split(';');
    const [y, m, d] = first.fecha_carga_prevista.split('-');
    expect(cells[0]).toBe(first.partida);
    expect(cells[6]).toBe(`${d}/${m}/${y}`);
    expect(cells[12]).toBe('Entregado');
    expect(
      (
        await demo.cliente.get(
          '/api/clientes/historico/export.csv?fechaDesde=2026-03-01&fechaHasta=2026-01-01',
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe.each(testDatabases())('índices del histórico de portes ($name)', ({ name, open }) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await bulkDatabase(open, {
      transportes: 0,
      portes: 4000,
      facturas: 3000,
      proveedores: 1,
      clientes: 3,
      seed: 5,
    });
  }, 60_000);
  afterAll(() => handle.dispose());

  it('la primera página, una profunda y con fechas recorren el índice sin ordenar', async () => {
    const { id } = await handle.db
      .selectFrom('portes')
      .select('cliente_id as id')
      .orderBy('cliente_id')
      .executeTakeFirstOrThrow();
    for (const [filtro, after] of [
      [{}, undefined],
      [{}, ['2024-06-01', 500] as const],
      [{ fechaDesde: '2023-01-01', fechaHasta: '2025-12-31' }, ['2025-01-01', 900] as const],
    ] as const) {
      const text = await queryPlan(handle, historicoQuery(handle.db, id, filtro, after, 51));
      expectIndexOrder(handle, text, 'portes_cliente');
    }
  });

  it('las facturas de un porte se buscan por sus líneas, no entre todas las del cliente', async () => {
    const linea = await handle.db
      .selectFrom('factura_lineas as l')
      .innerJoin('facturas as f', 'f.id', 'l.factura_id')
      .select(['f.cliente_id', 'l.porte_id'])
      .where('l.porte_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const text = await queryPlan(
      handle,
      facturasDePorteQuery(handle.db, linea.cliente_id, linea.porte_id!),
    );
    if (name === 'sqlite') {
      expect(text.split('\n')[0]).toMatch(
        /SEARCH l USING (COVERING )?INDEX factura_lineas_porte_idx/,
      );
    } else {
      expect(text).toMatch(/Index (Only )?Scan using factura_lineas_porte_idx/);
      expect(text).not.toMatch(/Seq Scan on facturas/);
    }
  });
});
