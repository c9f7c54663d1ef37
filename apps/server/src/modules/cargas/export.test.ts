import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { DEMO_USERS, seedDemo } from '../../db/seed/demo.js';
import { buildTestApp } from '../../test/app.js';
import { testDatabases, type TestDatabaseHandle } from '../../test/databases.js';
import { createProveedorConUsuario } from '../../test/proveedores.js';
import { signedIn, type TestBrowser } from '../../test/session.js';

/** The CSV's data lines (no BOM, no header). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(';'));
}

describe.each(testDatabases())('exportaciones del proveedor ($name)', ({ open }) => {
  let handle: TestDatabaseHandle;
  let app: App;
  let demo: TestBrowser;
  let otro: TestBrowser;

  beforeAll(async () => {
    handle = await open();
    app = await buildTestApp(handle);
    await seedDemo(handle.db);
    demo = await signedIn(app, DEMO_USERS.proveedor.email, { portal: 'proveedores' });
    const nuevo = await createProveedorConUsuario(handle.db);
    otro = await signedIn(app, nuevo.email, { portal: 'proveedores' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.dispose();
  });

  /** Every row of a keyset list, page after page of `limit`. */
  async function walk<T>(browser: TestBrowser, url: string): Promise<T[]> {
    const rows: T[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = url.includes('?') ? '&' : '?';
      const res = await browser.get(
        cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: T[]; nextCursor: string | null }>();
      rows.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 200);
    return rows;
  }

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
    }>(demo, `${path}?${q}`);
    expect(listed.length).toBeGreaterThan(Number(/limit=(\d+)/.exec(q)![1]));
    const res = await demo.get(`${path}/export.csv${filtros ? `?${filtros}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csvRows(res.body);
    const key = path.endsWith('facturas') ? 1 : 0;
    expect(rows.map((r) => r[key])).toEqual(
      listed.map((r) => r.carga?.referencia ?? r.referencia ?? r.numero),
    );
  });

  it('el XLSX se abre y trae las mismas filas; otro transportista no ve las del demo', async () => {
    const listed = await walk<unknown>(demo, '/api/proveedores/ofertas?limit=50');
    const res = await demo.get('/api/proveedores/ofertas/export.xlsx');
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
