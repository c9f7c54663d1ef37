import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../lib/clock.js';
import { accessLinkBrowser, clientesDe, useClientesDemo, walk } from '../../test/clientes.js';
import { testDatabases } from '../../test/databases.js';
import { signedIn, TestBrowser } from '../../test/session.js';

type FacturaItem = { id: number; estado: string; pagada: boolean; vto: string | null };

describe.each(testDatabases())('facturas del cliente ($name)', ({ open }) => {
  const demo = useClientesDemo(open);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  const facturasDe = (id: number) =>
    demo.handle.db.selectFrom('facturas').selectAll().where('cliente_id', '=', id).execute();

  /** An unpaid invoice of the client due on `vto`, without a PDF; returns its id. */
  async function facturaSinPdf(id: number, vto: string, numero: number): Promise<number> {
    const row = await demo.handle.db
      .insertInto('facturas')
      .values({
        cliente_id: id,
        serie: 'T',
        numero,
        fecha_emision: '2026-01-10',
        vto,
        base_imponible_centimos: 10000,
        iva_porcentaje: 21,
        iva_centimos: 2100,
        importe_centimos: 12100,
        pagada: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await demo.handle.db
      .insertInto('factura_lineas')
      .values({
        factura_id: row.id,
        orden: 1,
        concepto: 'Transporte Zaragoza - Lyon',
        partida: null,
        cantidad: 2,
        precio_centimos: 5000,
        importe_centimos: 10000,
      })
      .execute();
    return row.id;
  }

  it('sin sesión 401; sin el recurso Facturas 403', async () => {
    const anon = new TestBrowser(demo.app);
    expect((await anon.get('/api/clientes/facturas')).statusCode).toBe(401);
    const [dosId] = await clientesDe(demo.handle, 'dos@demo.es');
    const dos = await signedIn(demo.app, 'dos@demo.es', { clienteId: dosId! });
    const res = await dos.get('/api/clientes/facturas');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const suya = (await facturasDe(dosId!))[0];
    expect(suya).toBeDefined();
    expect((await dos.get(`/api/clientes/facturas/${suya!.id}/pdf`)).statusCode).toBe(403);
  });

  it('lista las facturas del cliente por cursor, cada una una vez, con su estado', async () => {
    const propias = await facturasDe(demo.clienteId);
    expect(propias.length).toBeGreaterThan(1);
    const res = await demo.cliente.get('/api/clientes/facturas');
    expect(res.headers['cache-control']).toBe('no-store');
    const items = await walk<FacturaItem & { fecha_emision: string }>(
      demo.cliente,
      '/api/clientes/facturas?limit=1',
    );
    expect(items.map((f) => f.id).sort()).toEqual(propias.map((f) => f.id).sort());
    expect(new Set(items.map((f) => f.id)).size).toBe(items.length);
    for (const f of items) {
      expect(f.estado === 'pagada').toBe(f.pagada);
    }
    const pagadas = await walk<FacturaItem>(demo.cliente, '/api/clientes/facturas?estado=pagada');
    expect(pagadas.length).toBe(propias.filter((f) => f.pagada === 1).length);
    expect(pagadas.every((f) => f.pagada)).toBe(true);
    const mal = await demo.cliente.get('/api/clientes/facturas?estado=cobrada');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().error.details[0].path).toContain('estado');
  });

  it('vencida: no pagada y vencimiento anterior a hoy en España (frontera con reloj falso)', async () => {
    const id = await facturaSinPdf(demo.clienteId, '2026-03-10', 9001);
    const estadoEn = async (instant: string) => {
      vi.spyOn(clock, 'now').mockReturnValue(new Date(instant));
      // Signed in under the fake clock, so the session lives at that instant.
      const cliente = await signedIn(demo.app, 'cliente@demo.es');
      const vencidas = await walk<FacturaItem>(cliente, '/api/clientes/facturas?estado=vencida');
      const pendientes = await walk<FacturaItem>(
        cliente,
        '/api/clientes/facturas?estado=pendiente',
      );
      const detalle = (await cliente.get(`/api/clientes/facturas/${id}`)).json().estado;
      vi.restoreAllMocks();
      return {
        vencida: vencidas.some((f) => f.id === id),
        pendiente: pendientes.some((f) => f.id === id),
        detalle,
      };
    };
    // 10 March 23:30 in Madrid (22:30 UTC): the due day itself, still pending.
    expect(await estadoEn('2026-03-10T22:30:00Z')).toEqual({
      vencida: false,
      pendiente: true,
      detalle: 'pendiente',
    });
    // 11 March 00:30 in Madrid (23:30 UTC on the 10th): overdue.
    expect(await estadoEn('2026-03-10T23:30:00Z')).toEqual({
      vencida: true,
      pendiente: false,
      detalle: 'vencida',
    });
    await demo.handle.db.deleteFrom('factura_lineas').where('factura_id', '=', id).execute();
    await demo.handle.db.deleteFrom('facturas').where('id', '=', id).execute();
  });

  it('detalle con líneas; la de otro cliente es 404 sin sus datos', async () => {
    const propia = (await facturasDe(demo.clienteId))[0]!;
    const res = await demo.cliente.get(`/api/clientes/facturas/${propia.id}`);
    expect(res.statusCode).toBe(200);
    const detalle = res.json();
    expect(detalle).toMatchObject({
      id: propia.id,
      serie: propia.serie,
      numero: propia.numero,
      importe_centimos: propia.importe_centimos,
    });
    const lineas = await demo.handle.db
      .selectFrom('factura_lineas')
      .selectAll()
      .where('factura_id', '=', propia.id)
      .execute();
    expect(detalle.lineas).toHaveLength(lineas.length);
    expect(detalle.lineas[0]).toMatchObject({
      concepto: lineas[0]!.concepto,
      partida: lineas[0]!.partida,
      cantidad: lineas[0]!.cantidad,
      precio_centimos: lineas[0]!.precio_centimos,
      importe_centimos: lineas[0]!.importe_centimos,
    });
    const ajena = (await facturasDe(demo.otroClienteId))[0]!;
    for (const url of [
      `/api/clientes/facturas/${ajena.id}`,
      `/api/clientes/facturas/${ajena.id}/pdf`,
    ]) {
      const r = await demo.cliente.get(url);
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Factura no encontrada.' } });
    }
    const enlace = await accessLinkBrowser(demo.app, demo.clienteId);
    expect((await enlace.get(`/api/clientes/facturas/${propia.id}`)).statusCode).toBe(200);
    expect((await enlace.get(`/api/clientes/facturas/${ajena.id}`)).statusCode).toBe(404);
    expect((await enlace.get(`/api/clientes/facturas/${ajena.id}/pdf`)).statusCode).toBe(404);
    expect((await demo.cliente.get('/api/clientes/facturas/abc')).statusCode).toBe(400);
  });

  it('descarga el PDF guardado con cabeceras de descarga', async () => {
    const propia = (await facturasDe(demo.clienteId)).find((f) => f.archivo_id !== null)!;
    const res = await demo.cliente.get(`/api/clientes/facturas/${propia.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Factura /);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
  });

  it('sin PDF guardado lo genera, lo guarda como archivo del cliente y lo reutiliza', async () => {
    const id = await facturaSinPdf(demo.clienteId, '2026-12-31', 9002);
    const antes = await demo.handle.db
      .selectFrom('archivos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await demo.cliente.get(`/api/clientes/facturas/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.headers['content-disposition']).toContain('filename="Factura T-9002.pdf"');
    const factura = await demo.handle.db
      .selectFrom('facturas')
      .select('archivo_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(factura.archivo_id).not.toBeNull();
    const archivo = await demo.handle.db
      .selectFrom('archivos')
      .selectAll()
      .where('id', '=', factura.archivo_id!)
      .executeTakeFirstOrThrow();
    expect(archivo).toMatchObject({
      propietario_tipo: 'cliente',
      propietario_id: demo.clienteId,
      tipo: 'factura',
      mime: 'application/pdf',
      tamano_bytes: res.rawPayload.length,
    });
    const again = await demo.cliente.get(`/api/clientes/facturas/${id}/pdf`);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const despues = await demo.handle.db
      .selectFrom('archivos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(despues.n)).toBe(Number(antes.n) + 1);
  });
});
