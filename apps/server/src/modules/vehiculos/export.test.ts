import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRows } from '../../test/csv.js';
import { testDatabases } from '../../test/databases.js';
import { otroProveedorBrowser } from '../../test/proveedores.js';
import type { TestBrowser } from '../../test/session.js';
import { useDemoCarrier } from '../../test/transportes.js';

describe.each(testDatabases())('exportación del panel de vehículos ($name)', ({ open }) => {
  const demo = useDemoCarrier(open);
  let otro: TestBrowser;

  beforeAll(async () => {
    otro = await otroProveedorBrowser(demo.app);
    const res = await otro.post('/api/proveedores/vehiculos', {
      matricula: '0001AAA',
      tipo: 'lona',
      capacidad_kg: 24_000,
      palets: 33,
      disponible: true,
    });
    expect(res.statusCode, res.body).toBe(201);
  }, 60_000);

  /** Every plate of the panel, page after page of 2. */
  async function walk(browser: TestBrowser, filtros: string): Promise<string[]> {
    const plates: string[] = [];
    let cursor: string | null = null;
    do {
      const q = `limit=2${filtros ? `&${filtros}` : ''}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await browser.get(`/api/proveedores/vehiculos?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: { matricula: string }[]; nextCursor: string | null }>();
      plates.push(...page.items.map((v) => v.matricula));
      cursor = page.nextCursor;
    } while (cursor);
    return plates;
  }

  it.each(['', 'disponible=true', 'activo=false'])(
    'el CSV (%s) trae todo el panel filtrado, por matrícula, más allá de una página',
    async (filtros) => {
      const listed = await walk(demo.browser, filtros);
      const res = await demo.browser.get(`/api/proveedores/vehiculos/export.csv?${filtros}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="vehiculos.csv"');
      expect(csvRows(res.body).map((r) => r[0])).toEqual(listed);
      if (filtros === '') expect(listed.length).toBeGreaterThan(2);
      expect(listed).not.toContain('0001AAA');
    },
  );

  it('el XLSX se abre con las mismas filas; cada transportista solo exporta los suyos', async () => {
    const listed = await walk(demo.browser, '');
    const res = await demo.browser.get('/api/proveedores/vehiculos/export.xlsx');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Vehículos');
    expect(sheet?.rowCount).toBe(listed.length + 1);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Matrícula');
    expect(sheet?.getRow(2).getCell(1).value).toBe(listed[0]);

    const foreign = await otro.get('/api/proveedores/vehiculos/export.csv');
    expect(csvRows(foreign.body)).toEqual([
      ['0001AAA', 'Tráiler lona', '24000', '33', '', '', 'Sí', '', '', '', ''],
    ]);
    expect(
      (await demo.app.inject({ method: 'GET', url: '/api/proveedores/vehiculos/export.csv' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await demo.browser.get('/api/proveedores/vehiculos/export.csv?activo=si')).statusCode,
    ).toBe(400);
  });
});
