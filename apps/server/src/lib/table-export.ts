import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField, csvLine, fechaEs, fechaHoraEs, importeEs } from './csv.js';
import { partesMadrid } from './madrid.js';

/*
 * The exports of the lists (issue 16 point 5): the whole filtered result, read batch by batch
 * along the list's keyset and written as it is read, as CSV for Excel in Spanish locales
 * (lib/csv.ts) or XLSX (exceljs's streaming writer). Never all rows in memory.
 */

export type ExportFormat = 'csv' | 'xlsx';

/** Media type of each format. */
export const EXPORT_MEDIA_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Rows per query of an export: memory stays flat whatever the size of the filtered set. */
export const EXPORT_BATCH = 1000;

/** One column: its header and its cell of a row, typed so each format writes it natively. */
export interface ExportColumn<Row> {
  header: string;
  /**
   * `text` (the default), `number`, `date` (an ISO 'YYYY-MM-DD…' string: dd/mm/aaaa in CSV, a
   * date cell in XLSX), `datetime` (an ISO instant, in Madrid time: "dd/mm/aaaa HH:MM" in CSV,
   * a date-time cell in XLSX) or `money` (cents: "1234,56" in CSV, euros with two decimals).
   */
  type?: 'text' | 'number' | 'date' | 'datetime' | 'money';
  value: (row: Row) => string | number | null;
}

/** What an export writes: its columns and the rows, batch after batch. */
export interface TableExport<Row> {
  /** The XLSX sheet's name. */
  sheet: string;
  columns: readonly ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}

/** One CSV field; numbers and dates are ours (a leading minus is no formula), text is escaped. */
function csvCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '';
  switch (column.type) {
    case 'date':
      return fechaEs(String(value));
    case 'datetime':
      return fechaHoraEs(String(value));
    case 'money':
      return importeEs(Number(value));
    case 'number':
      return String(value).replace('.', ',');
    default:
      return csvField(String(value));
  }
}

/** The export as CSV: BOM, header, then one chunk per batch as the client reads. */
export function csvExport<Row>(table: TableExport<Row>): Readable {
  async function* chunks() {
    yield `\uFEFF${csvLine(table.columns.map((column) => column.header))}`;
    for await (const rows of table.batches) {
      yield rows
        .map((row) => `${table.columns.map((c) => csvCell(c, row)).join(';')}\r\n`)
        .join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A date cell: the calendar day at UTC midnight, which Excel shows as that day. */
function dateCell(value: string): Date {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

function xlsxCell<Row>(column: ExportColumn<Row>, row: Row): string | number | Date | null {
  const value = column.value(row);
  if (value === null) return null;
  switch (column.type) {
    case 'date':
      return dateCell(String(value));
    case 'datetime': {
      // Excel has no time zones: the cell holds Madrid's wall-clock time, as the CSV does.
      const { y, m, d, h, min } = partesMadrid(String(value));
      return new Date(Date.UTC(+y, +m - 1, +d, +h, +min));
    }
    case 'money':
      return Number(value) / 100;
    case 'number':
      return Number(value);
    default:
      // A text cell is never a formula in XLSX: no escaping needed.
      return String(value);
  }
}

const NUMBER_FORMAT = {
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  money: '#,##0.00',
} as const;

/**
 * The export as XLSX, written by exceljs's streaming WorkbookWriter: each batch's rows are
 * committed (zipped out) before the next batch is read, and reading waits while the client
 * is slower than the database.
 */
export function xlsxExport<Row>(table: TableExport<Row>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheet);
  sheet.columns = table.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2),
    ...(column.type === 'date' || column.type === 'datetime' || column.type === 'money'
      ? { style: { numFmt: NUMBER_FORMAT[column.type] } }
      : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  async function write() {
    for await (const rows of table.batches) {
      for (const row of rows) sheet.addRow(table.columns.map((c) => xlsxCell(c, row))).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The export in the asked format. */
export function tableExport<Row>(format: ExportFormat, table: TableExport<Row>): Readable {
  return format === 'csv' ? csvExport(table) : xlsxExport(table);
}
