import { formatDate } from './format';

/** One CSV value: text as is, numbers with a decimal comma, Dates as dd/mm/aaaa, empty for null. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** Spanish spreadsheets (Excel es-ES) expect `;` between fields and `,` as decimal separator. */
export const CSV_SEPARATOR = ';';
/** Byte-order mark so Excel reads the file as UTF-8 (accents, €). */
export const CSV_BOM = '\uFEFF';

function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    return Number.isFinite(value) ? String(value).replace('.', ',') : '';
  }
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (value instanceof Date) return formatDate(value.toISOString().slice(0, 10));
  return value;
}

function quote(text: string): string {
  // Neutralise spreadsheet formulas (CSV injection): a leading = + - @ is read as a formula.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  // Quote when the field holds the separator, quotes, line breaks or leading/trailing spaces.
  if (/[";\r\n]|^\s|\s$/.test(safe)) return `"${safe.replace(/"/g, '""')}"`;
  return safe;
}

/** A CSV document (with BOM, `;`, CRLF lines) from a header row and data rows. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [headers.map(quote), ...rows.map((row) => row.map((v) => quote(cellText(v))))];
  return CSV_BOM + lines.map((cells) => cells.join(CSV_SEPARATOR)).join('\r\n') + '\r\n';
}

/** Money in cents as a CSV number with two decimals: 123456 → "1234,56". */
export function csvCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Makes the browser download `content` as `fileName` (text/csv, UTF-8). */
export function downloadCsv(fileName: string, content: string): void {
  const blob = new Blob([content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
