import dayjs from 'dayjs';

// `useGrouping: 'always'`: es-ES leaves 4-digit numbers ungrouped ("1234"); the portal wants "1.234".
const euros = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
});
const integers = new Intl.NumberFormat('es-ES', {
  maximumFractionDigits: 0,
  useGrouping: 'always',
});

/** Integer euro cents as Spanish money: 123456 → "1.234,56 €"; null → "". */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return euros.format(cents / 100);
}

/** Whole number with Spanish grouping: 12345 → "12.345". */
export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return integers.format(value);
}

/** Kilograms: 12345 → "12.345 kg". */
export function formatKg(kg: number | null | undefined): string {
  if (kg === null || kg === undefined) return '';
  return `${integers.format(kg)} kg`;
}

/** A calendar date 'YYYY-MM-DD' as dd/mm/aaaa, without time-zone shifts; "" when absent. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/** An instant (ISO date-time) in the browser's time zone as dd/mm/aaaa HH:mm; "" when absent. */
export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const value = dayjs(instant);
  return value.isValid() ? value.format('DD/MM/YYYY HH:mm') : instant;
}

/** An instant as HH:mm in the browser's time zone, with dd/mm before it when not today. */
export function formatHora(instant: string | null | undefined, now = Date.now()): string {
  if (!instant) return '';
  const value = dayjs(instant);
  if (!value.isValid()) return instant;
  return value.isSame(dayjs(now), 'day') ? value.format('HH:mm') : value.format('DD/MM HH:mm');
}

/** Euros (with comma decimals, up to 2) to integer cents: 1234.5 → 123450. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/**
 * The name of an ISO 3166 country code in the UI's language ("ES" → "España", or "Spain" in
 * English); the code when unknown.
 */
export function countryName(iso: string, language = 'es'): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(iso.toUpperCase()) ?? iso;
  } catch {
    return iso;
  }
}
