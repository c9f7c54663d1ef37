import { Readable } from 'node:stream';

/*
 * CSV for Excel in Spanish locales, shared by every export (transports, shipment history…):
 * UTF-8 with BOM, `;` separator, CRLF, dates dd/mm/aaaa, comma decimals.
 */

/** One cell: text or a number already formatted. */
export type CsvValue = string | number;

/** Rows per query of an export: memory stays flat whatever the size of the filtered set. */
export const CSV_EXPORT_BATCH = 1000;

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (empty for null). */
export function fechaEs(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Cents → "1234,56" (comma decimals, no thousands separator: Excel reads it as a number). */
export function importeEs(centimos: number): string {
  const sign = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function csvField(value: CsvValue): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line with its CRLF. */
export function csvLine(fields: readonly CsvValue[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

/**
 * A whole keyset-ordered list as a CSV stream: the BOM and header, then batch after batch
 * along the keyset as the client reads it (`batch(after, limit)` returns rows in order,
 * `keyOf` gives the keyset position after a row).
 */
export function keysetCsvStream<Row, Key>(options: {
  header: readonly string[];
  batch: (after: Key | undefined, limit: number) => Promise<Row[]>;
  keyOf: (row: Row) => Key;
  fields: (row: Row) => readonly CsvValue[];
  batchSize?: number;
}): Readable {
  const size = options.batchSize ?? CSV_EXPORT_BATCH;
  async function* lines() {
    yield `\uFEFF${csvLine(options.header)}`;
    let after: Key | undefined;
    for (;;) {
      const rows = await options.batch(after, size);
      if (rows.length > 0) yield rows.map((row) => csvLine(options.fields(row))).join('');
      const last = rows[rows.length - 1];
      if (last === undefined || rows.length < size) return;
      after = options.keyOf(last);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
