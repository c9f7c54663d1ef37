/*
 * CSV for Excel in Spanish locales, the one CSV writer of every export (lib/table-export.ts):
 * UTF-8 with BOM, `;` separator, CRLF, dates dd/mm/aaaa, comma decimals.
 */

import { partesMadrid } from './madrid.js';

/** One cell: text or a number already formatted. */
export type CsvValue = string | number;

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (empty for null). */
export function fechaEs(iso: string | null): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An ISO instant → "dd/mm/aaaa HH:MM" in Madrid time. */
export function fechaHoraEs(iso: string | null): string {
  if (!iso) return '';
  const { y, m, d, h, min } = partesMadrid(iso);
  return `${d}/${m}/${y} ${h}:${min}`;
}

/** Cents → "1234,56" (comma decimals, no thousands separator: Excel reads it as a number). */
export function importeEs(centimos: number): string {
  const sign = centimos < 0 ? '-' : '';
  const abs = Math.abs(centimos);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break. Text that a
 * spreadsheet would run as a formula (=, +, -, @, tab or CR first: OWASP's CSV injection list)
 * gets a leading apostrophe, whatever follows; numbers are written as they are.
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
