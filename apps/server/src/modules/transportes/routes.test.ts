import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkDatabase, expectIndexOrder, queryPlan } from '../../test/query-plan.js';
import { csvLines } from '../../test/csv.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { quitarRecurso, TestBrowser } from '../../test/session.js';
import { historialQuery } from './repository.js';
import {
  count,
  ELF_BYTES,
  multipart,
  MZ_BYTES,
  otherCarrierTransporte,
  pdfBytes,
  PNG_BYTES,
  postMultipart,
  SVG_BYTES,
  useDemoCarrier,
} from '../../test/transportes.js';

describe.each(testDatabases())('transportes del proveedor ($name)', ({ open }) => {
  // A small upload cap so "oversize" is cheap to send.
  const demo = useDemoCarrier(open, { UPLOAD_MAX_BYTES: '4096' });

  async function ownTransportCount(): Promise<number> {
    const row = await demo.handle.db
      .selectFrom('transportes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('proveedor_id', '=', demo.proveedorId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('sin sesión 401; sin el recurso 403', async () => {
    const anon = new TestBrowser(demo.app);
    expect((await anon.get('/api/proveedores/transportes')).statusCode).toBe(401);
    expect((await anon.get('/api/proveedores/albaranes-pendientes')).statusCode).toBe(401);
    const cliente = await (
      await import('../../test/session.js')
    ).signedIn(demo.app, 'cliente@demo.es');
    expect((await cliente.get('/api/proveedores/transportes')).statusCode).toBe(401);
  });

  it('lista el histórico con sumas de subpartidas, CMR pendientes y facturado', async () => {
    const res = await demo.browser.get('/api/proveedores/transportes?limit=200');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = res.json<{ items: Array<Record<string, unknown>>; nextCursor: string | null }>();
    expect(page.items.length).toBe(await ownTransportCount());
    const first = page.items[0]!;
    const legs = await demo.handle.db
      .selectFrom('subpartidas')
      .selectAll()
      .where('transporte_id', '=', first['id'] as number)
      .execute();
    expect(first['bultos']).toBe(legs.reduce((s, l) => s + l.bultos, 0));
    expect(first['peso_kg']).toBe(legs.reduce((s, l) => s + l.peso_kg, 0));
    expect(first['subpartidas']).toBe(legs.length);
    expect(first['cmr_pendientes']).toBe(legs.filter((l) => l.cmr_archivo_id === null).length);
    expect(page.items.some((t) => t['facturado'] === true)).toBe(true);
    expect(page.items.some((t) => t['facturado'] === false)).toBe(true);
    expect(page.items.some((t) => typeof t['incidencia'] === 'string')).toBe(true);
    // Sorted by load date desc, id desc.
    const keys = page.items.map(
      (t) => `${t['fecha_carga'] as string}|${String(t['id']).padStart(9, '0')}`,
    );
    expect([...keys].sort().reverse()).toEqual(keys);
  });

  it('recorre todo el histórico por cursor, cada fila una vez', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/proveedores/transportes?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await demo.browser.get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: Array<{ id: number }>; nextCursor: string | null }>();
      seen.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await ownTransportCount());
  });

  it('filtra por fechas, id y estado; valida fechas y cursor en español', async () => {
    const all = (await demo.browser.get('/api/proveedores/transportes?limit=200')).json<{
      items: Array<{ id: number; fecha_carga: string; estado: string }>;
    }>().items;
    const mid = all[Math.floor(all.length / 2)]!;
    const res = await demo.browser.get(
      `/api/proveedores/transportes?fechaDesde=${mid.fecha_carga}&fechaHasta=${mid.fecha_carga}&limit=200`,
    );
    const items = res.json<{ items: Array<{ fecha_carga: string }> }>().items;
    expect(items.length).toBe(all.filter((t) => t.fecha_carga === mid.fecha_carga).length);
    const byId = await demo.browser.get(`/api/proveedores/transportes?transporteId=${mid.id}`);
    expect(byId.json<{ items: Array<{ id: number }> }>().items.map((t) => t.id)).toEqual([mid.id]);
    const entregados = await demo.browser.get(
      '/api/proveedores/transportes?estado=entregado&limit=200',
    );
    expect(
      entregados
        .json<{ items: Array<{ estado: string }> }>()
        .items.every((t) => t.estado === 'entregado'),
    ).toBe(true);

    const desordenadas = await demo.browser.get(
      '/api/proveedores/transportes?fechaDesde=2026-02-01&fechaHasta=2026-01-01',
    );
    expect(desordenadas.statusCode).toBe(400);
    expect(JSON.stringify(desordenadas.json())).toContain(
      'La fecha desde no puede ser posterior a la fecha hasta.',
    );
    expect(
      (await demo.browser.get('/api/proveedores/transportes?fechaDesde=1999-12-31')).statusCode,
    ).toBe(400);
    expect(
      (await demo.browser.get('/api/proveedores/transportes?fechaDesde=2026-02-30')).statusCode,
    ).toBe(400);
    for (const cursor of [
      'nope!',
      'eyJ4Ijox',
      Buffer.from('["fp","2026-01-01",1]').toString('base64url'),
    ]) {
      const bad = await demo.browser.get(`/api/proveedores/transportes?cursor=${cursor}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error: { code: 'INVALID_CURSOR', message: 'El cursor de paginación no es válido.' },
      });
    }
  });

  it('detalle con subpartidas; el de otro transportista es 404 sin sus datos', async () => {
    const [t] = (await demo.browser.get('/api/proveedores/transportes?limit=1')).json<{
      items: Array<{ id: number }>;
    }>().items;
    const res = await demo.browser.get(`/api/proveedores/transportes/${t!.id}`);
    expect(res.statusCode).toBe(200);
    const detalle = res.json<{ subpartidas_detalle: Array<{ numero: number }> }>();
    expect(detalle.subpartidas_detalle.length).toBeGreaterThan(0);
    expect(detalle.subpartidas_detalle[0]!.numero).toBe(1);

    const other = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    const foreign = await demo.browser.get(`/api/proveedores/transportes/${other.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('referencia');
    const filtered = await demo.browser.get(
      `/api/proveedores/transportes?transporteId=${other.id}`,
    );
    expect(filtered.json<{ items: unknown[] }>().items).toEqual([]);
    expect((await demo.browser.get('/api/proveedores/transportes/999999999')).statusCode).toBe(404);
  });

  it('exporta a CSV para Excel el conjunto filtrado', async () => {
    const res = await demo.browser.get('/api/proveedores/transportes/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transportes.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Transporte ID;Referencia;Vehículo;Conductor;Carga Prevista;Descarga Prevista;Origen;País origen;Destino;País destino;Bultos;Peso (kg);Precio (EUR);Estado;Incidencia;CMR pendientes;Facturado',
    );
    expect(lines.length - 1).toBe(await ownTransportCount());

    const t = await demo.handle.db
      .selectFrom('transportes')
      .selectAll()
      .where('proveedor_id', '=', demo.proveedorId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const one = await demo.browser.get(
      `/api/proveedores/transportes/export.csv?transporteId=${t.id}`,
    );
    const [, row] = one.body.trimEnd().split('\r\n');
    const cells = row!.split(';');
    const [y, m, d] = t.fecha_carga.split('-');
    expect(cells[0]).toBe(String(t.id));
    expect(cells[1]).toBe(t.referencia);
    expect(cells[4]).toBe(`${d}/${m}/${y}`);
    expect(cells[12]).toBe(
      `${Math.floor(t.importe_centimos / 100)},${String(t.importe_centimos % 100).padStart(2, '0')}`,
    );
    const foreign = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    const none = await demo.browser.get(
      `/api/proveedores/transportes/export.csv?transporteId=${foreign.id}`,
    );
    expect(none.body.trimEnd().split('\r\n')).toHaveLength(1);
    expect(
      (
        await demo.browser.get(
          '/api/proveedores/transportes/export.csv?fechaDesde=2026-03-01&fechaHasta=2026-01-01',
        )
      ).statusCode,
    ).toBe(400);
  });

  describe('subir albaranes (CMR)', () => {
    type Pendiente = { id: number; subpartidas: Array<{ id: number; cmr_archivo_id: null }> };
    async function pendientes(query = ''): Promise<Pendiente[]> {
      const res = await demo.browser.get(`/api/proveedores/albaranes-pendientes?limit=200${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<{ items: Pendiente[] }>().items;
    }

    it('lista solo transportes cargados con subpartidas sin CMR, y filtra (0 = todos)', async () => {
      const items = await pendientes();
      expect(items.length).toBeGreaterThan(0);
      const legIds = items.flatMap((t) => t.subpartidas.map((s) => s.id));
      const legs = await demo.handle.db
        .selectFrom('subpartidas as s')
        .innerJoin('transportes as t', 't.id', 's.transporte_id')
        .select(['s.id', 's.cmr_archivo_id', 't.estado', 't.proveedor_id'])
        .where('s.id', 'in', legIds)
        .execute();
      expect(
        legs.every((l) => l.cmr_archivo_id === null && l.proveedor_id === demo.proveedorId),
      ).toBe(true);
      expect(legs.every((l) => l.estado === 'en_transito' || l.estado === 'entregado')).toBe(true);
      expect(await pendientes('&transporteId=0&subpartidaId=0')).toEqual(items);
      const target = items[0]!;
      const one = await pendientes(`&subpartidaId=${target.subpartidas[0]!.id}`);
      expect(one.map((t) => t.id)).toEqual([target.id]);
      expect(one[0]!.subpartidas.map((s) => s.id)).toEqual([target.subpartidas[0]!.id]);
      expect((await pendientes(`&transporteId=${target.id}`)).map((t) => t.id)).toEqual([
        target.id,
      ]);
    });

    it('sube el CMR: fichero, archivo y subpartida en una transacción; sale de la lista; el segundo es 409', async () => {
      const [target] = await pendientes();
      const leg = target!.subpartidas[0]!;
      const archivos = await count(demo.handle, 'archivos');
      const res = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${leg.id}/cmr`,
        multipart({}, { filename: 'albarán.pdf', content: pdfBytes('cmr') }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json<{ id: number; cmr_archivo_id: number; cmr_subido_at: string }>();
      expect(body.id).toBe(leg.id);
      expect(body.cmr_archivo_id).toBeGreaterThan(0);
      expect(await count(demo.handle, 'archivos')).toBe(archivos + 1);
      const archivo = await demo.handle.db
        .selectFrom('archivos')
        .selectAll()
        .where('id', '=', body.cmr_archivo_id)
        .executeTakeFirstOrThrow();
      expect(archivo).toMatchObject({
        propietario_tipo: 'proveedor',
        propietario_id: demo.proveedorId,
        tipo: 'cmr',
        mime: 'application/pdf',
        nombre: 'albarán.pdf',
      });
      const still = (await pendientes()).flatMap((t) => t.subpartidas.map((s) => s.id));
      expect(still).not.toContain(leg.id);

      const download = await demo.browser.get(`/api/proveedores/archivos/${body.cmr_archivo_id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const again = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${leg.id}/cmr`,
        multipart({}, { filename: 'otro.pdf', content: pdfBytes('otro') }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: { code: 'CMR_EXISTS', message: 'Esta subpartida ya tiene su albarán.' },
      });
      const audit = await demo.handle.db
        .selectFrom('audit_log')
        .selectAll()
        .where('accion', '=', 'subpartida.cmr_subido')
        .execute();
      expect(audit.map((a) => a.entidad_id)).toEqual([String(leg.id)]);
    });

    it('acepta PNG por contenido; la subpartida de otro transportista es 404 y no guarda nada', async () => {
      const [target] = await pendientes();
      const leg = target!.subpartidas[0]!;
      const png = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${leg.id}/cmr`,
        multipart({}, { filename: 'foto', content: PNG_BYTES, type: 'application/octet-stream' }),
      );
      expect(png.statusCode).toBe(201);

      const before = {
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      };
      const other = await otherCarrierTransporte(demo.handle, demo.proveedorId);
      const foreign = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${other.subpartida_id}/cmr`,
        multipart({}, { filename: 'x.pdf', content: pdfBytes('ajeno') }),
      );
      expect(foreign.statusCode).toBe(404);
      expect({
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      }).toEqual(before);
    });

    it.each([
      ['un ejecutable ELF renombrado .pdf', 'factura.pdf', ELF_BYTES, 415, 'UNSUPPORTED_FILE_TYPE'],
      ['un ejecutable MZ renombrado .pdf', 'cmr.pdf', MZ_BYTES, 415, 'UNSUPPORTED_FILE_TYPE'],
      ['un SVG', 'cmr.svg', SVG_BYTES, 415, 'UNSUPPORTED_FILE_TYPE'],
      ['0 bytes', 'vacio.pdf', Buffer.alloc(0), 400, 'EMPTY_FILE'],
      [
        'demasiado grande',
        'grande.pdf',
        Buffer.concat([pdfBytes(), Buffer.alloc(8192, 0x20)]),
        413,
        'FILE_TOO_LARGE',
      ],
    ])('rechaza %s y no deja nada', async (_label, filename, content, status, code) => {
      const [target] = await pendientes();
      const leg = target!.subpartidas[0]!;
      const before = {
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      };
      const res = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${leg.id}/cmr`,
        multipart({}, { filename, content }),
      );
      expect(res.statusCode).toBe(status);
      expect(res.json<{ error: { code: string } }>().error.code).toBe(code);
      expect({
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      }).toEqual(before);
      expect((await pendientes()).flatMap((t) => t.subpartidas.map((s) => s.id))).toContain(leg.id);
    });

    it('un nombre con ../ se guarda saneado; una subida cortada al 50% no deja nada', async () => {
      const [target] = await pendientes();
      const leg = target!.subpartidas[0]!;
      const body = multipart({}, { filename: '../../etc/passwd.pdf', content: pdfBytes('ruta') });
      const res = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${leg.id}/cmr`,
        body,
      );
      expect(res.statusCode).toBe(201);
      const archivo = await demo.handle.db
        .selectFrom('archivos')
        .select('nombre')
        .where('id', '=', res.json<{ cmr_archivo_id: number }>().cmr_archivo_id)
        .executeTakeFirstOrThrow();
      expect(archivo.nombre).toBe('passwd.pdf');

      const [next] = await pendientes();
      const nextLeg = next!.subpartidas[0]!;
      const before = {
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      };
      const full = multipart(
        {},
        { filename: 'cortado.pdf', content: Buffer.concat([pdfBytes(), Buffer.alloc(2000, 0x41)]) },
      );
      const cut = await postMultipart(
        demo.browser,
        `/api/proveedores/subpartidas/${nextLeg.id}/cmr`,
        {
          payload: full.payload.subarray(0, Math.floor(full.payload.length / 2)),
          headers: full.headers,
        },
      );
      expect(cut.statusCode).toBeGreaterThanOrEqual(400);
      expect(cut.statusCode).toBeLessThan(500);
      expect({
        files: (await demo.stored()).length,
        archivos: await count(demo.handle, 'archivos'),
      }).toEqual(before);
    });
  });

  it('el fichero de otro propietario es 404', async () => {
    const foreign = await demo.handle.db
      .selectFrom('archivos')
      .select('id')
      .where((eb) =>
        eb.or([eb('propietario_id', '!=', demo.proveedorId), eb('propietario_id', 'is', null)]),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await demo.browser.get(`/api/proveedores/archivos/${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(
      (await new TestBrowser(demo.app).get(`/api/proveedores/archivos/${foreign.id}`)).statusCode,
    ).toBe(401);
  });

  it('sin el recurso transportes: 403 en el histórico y en la subida', async () => {
    await quitarRecurso(demo.handle.db, 'proveedor@demo.es', 'apiweb.proveedores.transportes');
    expect((await demo.browser.get('/api/proveedores/transportes')).statusCode).toBe(403);
    expect((await demo.browser.get('/api/proveedores/transportes/export.csv')).statusCode).toBe(
      403,
    );
    expect((await demo.browser.get('/api/proveedores/albaranes-pendientes')).statusCode).toBe(403);
    const res = await postMultipart(
      demo.browser,
      '/api/proveedores/subpartidas/1/cmr',
      multipart({}, { filename: 'a.pdf', content: pdfBytes() }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe.each(testDatabases())('índices del histórico ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await bulkDatabase(open, { transportes: 4000, proveedores: 4, clientes: 2, seed: 3 });
  }, 60_000);
  afterAll(() => handle.dispose());

  it('la primera página y una profunda recorren el índice, sin ordenar la tabla', async () => {
    const { id } = await handle.db
      .selectFrom('transportes')
      .select('proveedor_id as id')
      .orderBy('proveedor_id')
      .executeTakeFirstOrThrow();
    for (const [filtro, after] of [
      [{}, undefined],
      [{}, ['2024-06-01', 500] as const],
      [{ estado: 'entregado' as const, fechaDesde: '2023-01-01' }, ['2025-01-01', 900] as const],
    ] as const) {
      const text = await queryPlan(handle, historialQuery(handle.db, id, filtro, after, 51));
      expectIndexOrder(handle, text, 'transportes_proveedor');
    }
  });
});
