import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.js';
import { TestBrowser } from '../../test/session.js';
import {
  count,
  ELF_BYTES,
  multipart,
  otherCarrierTransporte,
  pdfBytes,
  PNG_BYTES,
  postMultipart,
  useDemoCarrier,
} from '../../test/transportes.js';

describe.each(testDatabases())('facturas del proveedor ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);

  async function sinFactura(query = ''): Promise<number[]> {
    const res = await demo.browser.get(
      `/api/proveedores/transportes-sin-factura?limit=200${query}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json<{ items: Array<{ id: number }> }>().items.map((t) => t.id);
  }
  async function snapshot() {
    return {
      files: (await demo.stored()).length,
      archivos: await count(demo.handle, 'archivos'),
      facturas: await count(demo.handle, 'facturas_proveedor'),
      links: await count(demo.handle, 'facturas_proveedor_transportes'),
    };
  }
  function campos(transporteIds: number[], overrides: Record<string, string> = {}) {
    return {
      numero: `F-${Math.random().toString(36).slice(2, 10)}`,
      fecha_emision: '2026-01-15',
      vto: '2026-03-15',
      base_imponible_centimos: '100000',
      iva_centimos: '21000',
      importe_centimos: '121000',
      transporteIds: JSON.stringify(transporteIds),
      ...overrides,
    };
  }
  const subir = (
    fields: Record<string, string>,
    content = pdfBytes('factura'),
    filename = 'factura.pdf',
  ) =>
    postMultipart(
      demo.browser,
      '/api/proveedores/facturas',
      multipart(fields, { filename, content }),
    );

  it('lista el histórico con Serie, Vto, importes y Pagada; detalle con transportes; otro proveedor 404', async () => {
    const res = await demo.browser.get('/api/proveedores/facturas?limit=200');
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(items.length).toBeGreaterThan(0);
    for (const f of items) {
      expect(f['importe_centimos']).toBe(
        (f['base_imponible_centimos'] as number) + (f['iva_centimos'] as number),
      );
      expect(f['pagada']).toBe(f['estado'] === 'pagada');
    }
    expect(items.some((f) => f['vto'] !== null)).toBe(true);
    const pagadas = await demo.browser.get('/api/proveedores/facturas?estado=pagada&limit=200');
    expect(pagadas.json<{ items: Array<{ pagada: boolean }> }>().items.every((f) => f.pagada)).toBe(
      true,
    );

    // Keyset walk: every invoice once.
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: number }>; nextCursor: string | null } = (
        await demo.browser.get(
          `/api/proveedores/facturas?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      seen.push(...page.items.map((f) => f.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(items.length);

    const detalle = await demo.browser.get(
      `/api/proveedores/facturas/${items[0]!['id'] as number}`,
    );
    expect(detalle.statusCode).toBe(200);
    const body = detalle.json<{ transportes_detalle: unknown[]; archivo: { id: number } | null }>();
    expect(body.transportes_detalle.length).toBe(items[0]!['transportes']);
    expect(body.archivo).not.toBeNull();

    const ajena = await demo.handle.db
      .insertInto('facturas_proveedor')
      .values({
        proveedor_id: (await otherCarrierProveedor()).id,
        numero: 'AJENA-1',
        fecha_emision: '2026-01-01',
        base_imponible_centimos: 1,
        iva_centimos: 0,
        importe_centimos: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await demo.browser.get(`/api/proveedores/facturas/${ajena.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('AJENA');
    expect((await new TestBrowser(demo.app).get('/api/proveedores/facturas')).statusCode).toBe(401);
    expect(
      (
        await demo.browser.get(
          '/api/proveedores/facturas?fechaDesde=2026-05-01&fechaHasta=2026-01-01',
        )
      ).statusCode,
    ).toBe(400);
    expect((await demo.browser.get('/api/proveedores/facturas?cursor=abc')).statusCode).toBe(400);
  });

  async function otherCarrierProveedor() {
    return demo.handle.db
      .selectFrom('proveedores')
      .select('id')
      .where('id', '!=', demo.proveedorId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  it('sin factura: solo entregados propios sin factura', async () => {
    const ids = await sinFactura();
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const rows = await demo.handle.db
      .selectFrom('transportes')
      .select(['id', 'estado', 'proveedor_id'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((t) => t.estado === 'entregado' && t.proveedor_id === demo.proveedorId)).toBe(
      true,
    );
    const linked = await demo.handle.db
      .selectFrom('facturas_proveedor_transportes')
      .select('transporte_id')
      .where('transporte_id', 'in', ids)
      .execute();
    expect(linked).toEqual([]);
    expect(await sinFactura(`&transporteId=${ids[0]}`)).toEqual([ids[0]]);
  });

  it('una factura por dos transportes: ambos salen de la lista; repetir es 409 ALREADY_INVOICED', async () => {
    const [a, b, c] = await sinFactura();
    const before = await snapshot();
    const fields = campos([a!, b!], { serie: 'A' });
    const res = await subir(fields);
    expect(res.statusCode).toBe(201);
    const factura = res.json<{
      id: number;
      numero: string;
      serie: string;
      transportes_detalle: Array<{ id: number }>;
      archivo: { id: number; mime: string };
    }>();
    expect(factura.serie).toBe('A');
    expect(factura.transportes_detalle.map((t) => t.id).sort()).toEqual([a, b].sort());
    expect(factura.archivo.mime).toBe('application/pdf');
    const after = await snapshot();
    expect(after).toMatchObject({
      archivos: before.archivos + 1,
      facturas: before.facturas + 1,
      links: before.links + 2,
    });
    const remaining = await sinFactura();
    expect(remaining).not.toContain(a);
    expect(remaining).not.toContain(b);

    const again = await subir(campos([c!, a!]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: {
        code: 'ALREADY_INVOICED',
        message: `El transporte ${a} ya está facturado.`,
        details: { transporteId: a },
      },
    });
    const dup = await subir(campos([c!], { numero: fields.numero }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ error: { code: string } }>().error.code).toBe('DUPLICATE_INVOICE_NUMBER');
    expect(await snapshot()).toEqual(after);
    expect(await sinFactura()).toContain(c);

    const download = await demo.browser.get(`/api/proveedores/archivos/${factura.archivo.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
  });

  it('dos peticiones a la vez por el mismo transporte: una 201 y otra 409, nunca 500', async () => {
    const [t] = await sinFactura();
    const before = await snapshot();
    const results = await Promise.all([subir(campos([t!])), subir(campos([t!]))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const after = await snapshot();
    expect(after.facturas).toBe(before.facturas + 1);
    expect(after.links).toBe(before.links + 1);
    expect(after.archivos).toBe(before.archivos + 1);
  });

  it.each([
    [
      'importe distinto de base + IVA',
      { importe_centimos: '121001' },
      'El importe debe ser la base imponible más el IVA.',
    ],
    [
      'fecha futura',
      { fecha_emision: '2099-01-01', vto: '2099-02-01' },
      'La fecha de emisión no puede ser posterior a hoy.',
    ],
    ['fecha anterior a 2000', { fecha_emision: '1999-12-31' }, 'Fecha fuera de rango.'],
    ['número vacío', { numero: '' }, 'Indique el número de factura.'],
    [
      'número de más de 30',
      { numero: 'X'.repeat(31) },
      'El número de factura admite como mucho 30 caracteres.',
    ],
    ['sin transportes', { transporteIds: '[]' }, 'Marque al menos un transporte.'],
    [
      'más de 100 transportes',
      { transporteIds: JSON.stringify(Array.from({ length: 101 }, (_, i) => i + 1)) },
      'Una factura cubre como mucho 100 transportes.',
    ],
  ])('400 por %s, sin dejar nada', async (_label, overrides, message) => {
    const [t] = await sinFactura();
    const before = await snapshot();
    const res = await subir(campos([t!], overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('404 por un transporte ajeno, 409 por uno sin entregar; ficheros malos rechazados; nada queda', async () => {
    const [t] = await sinFactura();
    const other = await otherCarrierTransporte(demo.handle, demo.proveedorId);
    const before = await snapshot();
    const foreign = await subir(campos([t!, other.id]));
    expect(foreign.statusCode).toBe(404);
    const noEntregado = await demo.handle.db
      .selectFrom('transportes')
      .select('id')
      .where('proveedor_id', '=', demo.proveedorId)
      .where('estado', '=', 'asignado')
      .executeTakeFirstOrThrow();
    const early = await subir(campos([noEntregado.id]));
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: { code: string } }>().error.code).toBe('NOT_INVOICEABLE');
    const elf = await subir(campos([t!]), ELF_BYTES, 'factura.pdf');
    expect(elf.statusCode).toBe(415);
    const png = await subir(campos([t!]), PNG_BYTES, 'factura.png');
    expect(png.statusCode).toBe(415);
    expect(png.json<{ error: { message: string } }>().error.message).toBe(
      'Tipo de fichero no admitido. Suba un PDF.',
    );
    const empty = await subir(campos([t!]), Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await sinFactura()).toContain(t);
  });

  it('acepta transporteIds separados por comas', async () => {
    const [a, b] = await sinFactura();
    const res = await subir(campos([], { transporteIds: `${a},${b}` }));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ transportes: number }>().transportes).toBe(2);
  });
});
