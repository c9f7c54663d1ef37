import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { walk } from '../../test/clientes.js';
import { csvRows } from '../../test/csv.js';
import { testDatabases } from '../../test/databases.js';
import { otroProveedorBrowser } from '../../test/proveedores.js';
import type { TestBrowser } from '../../test/session.js';
import { useDemoCarrier } from '../../test/transportes.js';

describe.each(testDatabases())('exportaciones del proveedor ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);
  let otro: TestBrowser;

  beforeAll(async () => {
    otro = await otroProveedorBrowser(demo.app);
  }, 60_000);

  it.each([
    ['/api/proveedores/cargas', 'limit=5'],
    ['/api/proveedores/cargas', 'limit=5&orden=peso&origen_pais_iso=ES'],
    ['/api/proveedores/ofertas', 'limit=2'],
    ['/api/proveedores/ofertas', 'limit=2&estado=pendiente'],
    ['/api/proveedores/facturas', 'limit=2'],
  ])('%s?%s: el CSV trae todo el resultado filtrado, en el orden de la lista', async (path, q) => {
    const filtros = q.replace(/^limit=\d+&?/, '');
    const listed = await walk<{
      referencia?: string;
      numero?: string;
      carga?: { referencia: string };
    }>(demo.browser, `${path}?${q}`);
    expect(listed.length).toBeGreaterThan(Number(/limit=(\d+)/.exec(q)![1]));
    const res = await demo.browser.get(`${path}/export.csv${filtros ? `?${filtros}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRows(res.body);
    const key = path.endsWith('facturas') ? 1 : 0;
    expect(rows.map((r) => r[key])).toEqual(
      listed.map((r) => r.carga?.referencia ?? r.referencia ?? r.numero),
    );
  });

  it('el XLSX se abre y trae las mismas filas; otro transportista no ve las del demo', async () => {
    const listed = await walk<unknown>(demo.browser, '/api/proveedores/ofertas?limit=50');
    const res = await demo.browser.get('/api/proveedores/ofertas/export.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mis-ofertas.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Mis ofertas')?.rowCount).toBe(listed.length + 1);

    for (const path of ['ofertas', 'facturas', 'descartados']) {
      const foreign = await otro.get(`/api/proveedores/${path}/export.csv`);
      expect(foreign.statusCode, path).toBe(200);
      expect(csvRows(foreign.body), path).toEqual([]);
    }
    expect(
      (
        await otro.get(
          '/api/proveedores/cargas/export.csv?fechaDesde=2026-03-01&fechaHasta=2026-01-01',
        )
      ).statusCode,
    ).toBe(400);
  });
});
