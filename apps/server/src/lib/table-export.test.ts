import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keysetBatches } from './keyset-page.js';
import { csvExport, xlsxExport, type ExportColumn } from './table-export.js';

interface Row {
  id: number;
  nombre: string;
  fecha: string | null;
  importe: number;
}

const columns: ExportColumn<Row>[] = [
  { header: 'ID', type: 'number', value: (r) => r.id },
  { header: 'Nombre', value: (r) => r.nombre },
  { header: 'Fecha', type: 'date', value: (r) => r.fecha },
  { header: 'Importe', type: 'money', value: (r) => r.importe },
];

/** A keyset list over `rows` (ordered by id) that records each query's position. */
function listOf(rows: Row[], calls: Array<number | undefined>) {
  return {
    tag: 'prueba',
    schema: z.tuple([z.number()]),
    fetch: async (after: readonly [number] | undefined, limit: number) => {
      calls.push(after?.[0]);
      return rows.filter((r) => after === undefined || r.id > after[0]).slice(0, limit);
    },
    keyOf: (r: Row) => [r.id],
  };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  nombre: i === 0 ? '=HYPERLINK("http://x")' : `Fila ${i + 1}`,
  fecha: i === 1 ? null : '2026-11-02',
  importe: -5 + i * 100,
}));

describe('exportaciones (CSV y XLSX)', () => {
  it('CSV: BOM, cabecera, tipos en formato español y fórmulas neutralizadas', async () => {
    const calls: Array<number | undefined> = [];
    const text = (
      await bytesOf(
        csvExport({ sheet: 'x', columns, batches: keysetBatches(listOf(rows, calls), 3) }),
      )
    ).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFID;Nombre;Fecha;Importe');
    // A negative amount is a number, not a formula; the text cell gets its apostrophe.
    expect(lines[1]).toBe(`1;"'=HYPERLINK(""http://x"")";02/11/2026;-0,05`);
    expect(lines[2]).toBe('2;Fila 2;;0,95');
    expect(lines).toHaveLength(9); // header, 7 rows, '' after the last CRLF
    // Batch after batch along the keyset: 3 + 3 + 1 rows.
    expect(calls).toEqual([undefined, 3, 6]);
  });

  it('CSV: lee cada lote solo cuando el cliente pide más', async () => {
    const calls: Array<number | undefined> = [];
    const stream = csvExport({
      sheet: 'x',
      columns,
      batches: keysetBatches(listOf(rows, calls), 3),
    });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next(); // the header
    expect(calls.length).toBeLessThanOrEqual(1);
    stream.destroy();
  });

  it('XLSX: se abre con exceljs y trae todas las filas con sus tipos', async () => {
    const many: Row[] = Array.from({ length: 1500 }, (_, i) => ({
      id: i + 1,
      nombre: `+${i}`,
      fecha: '2026-01-31',
      importe: 12345,
    }));
    const calls: Array<number | undefined> = [];
    const bytes = await bytesOf(
      xlsxExport({ sheet: 'Datos', columns, batches: keysetBatches(listOf(many, calls), 1000) }),
    );
    expect(calls).toEqual([undefined, 1000]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Datos');
    expect(sheet?.rowCount).toBe(1501);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'ID', 'Nombre', 'Fecha', 'Importe']);
    const last = sheet?.getRow(1501);
    expect(last?.getCell(1).value).toBe(1500);
    // Text stays text in XLSX (never a formula), dates are dates, money is euros.
    expect(last?.getCell(2).value).toBe('+1499');
    expect(last?.getCell(3).value).toEqual(new Date(Date.UTC(2026, 0, 31)));
    expect(last?.getCell(4).value).toBe(123.45);
  });
});
