import { eurosToCents } from '../../lib/format';

/** The invoice form as typed (amounts in euros). */
export interface FacturaValues {
  numero: string;
  fecha: string | null;
  base: number | string;
  iva: number | string;
  importe: number | string;
  pdf: File | null;
}

/** i18n keys of the messages, per field. */
export type FacturaErrors = Partial<Record<keyof FacturaValues, string>>;

/** A euro amount typed in the form (NumberInput gives numbers, or '' when empty). */
export function toCents(value: number | string): number | undefined {
  if (value === '' || value === null) return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(number) && number >= 0 ? eurosToCents(number) : undefined;
}

/** Checks the form; amounts must be given and importe = base + IVA to the cent. */
export function validateFactura(values: FacturaValues, today: string): FacturaErrors {
  const errors: FacturaErrors = {};
  if (values.numero.trim() === '') errors.numero = 'subirFacturas.errores.numero';
  else if (values.numero.trim().length > 30) errors.numero = 'subirFacturas.errores.numeroLargo';
  if (!values.fecha) errors.fecha = 'subirFacturas.errores.fecha';
  else if (values.fecha > today) errors.fecha = 'subirFacturas.errores.fechaFutura';
  const base = toCents(values.base);
  const iva = toCents(values.iva);
  const importe = toCents(values.importe);
  if (base === undefined) errors.base = 'subirFacturas.errores.importeNoValido';
  if (iva === undefined) errors.iva = 'subirFacturas.errores.importeNoValido';
  if (importe === undefined) errors.importe = 'subirFacturas.errores.importeNoValido';
  else if (base !== undefined && iva !== undefined && importe !== base + iva) {
    errors.importe = 'subirFacturas.errores.suma';
  }
  if (!values.pdf) errors.pdf = 'subirFacturas.errores.pdf';
  return errors;
}

/** The empty form. */
export const EMPTY_FACTURA: FacturaValues = {
  numero: '',
  fecha: null,
  base: '',
  iva: '',
  importe: '',
  pdf: null,
};

/**
 * IVA proposed on a carrier's invoice: the Spanish general rate (21 %), which applies to road
 * freight; the spec names no rate. The carrier may change it (e.g. 0 % on an exempt
 * international carriage) and the total follows.
 */
export const IVA_PROPUESTO = 0.21;

/** The IVA at IVA_PROPUESTO of a typed base, in euros, or '' while the base is missing. */
export function ivaDe(base: number | string): number | string {
  const cents = toCents(base);
  return cents === undefined ? '' : Math.round(cents * IVA_PROPUESTO) / 100;
}

/**
 * The form as it opens for the checked transports: the base is their total (their prices are
 * without IVA), the IVA and the total are computed from it and the issue date is today.
 */
export function facturaPrefill(totalCentimos: number, today: string): FacturaValues {
  const base = totalCentimos / 100;
  const iva = ivaDe(base);
  return { ...EMPTY_FACTURA, fecha: today, base, iva, importe: sumEuros(base, iva) };
}

/** Sum of two typed amounts in euros, or '' while either is missing. */
export function sumEuros(a: number | string, b: number | string): number | string {
  const ca = toCents(a);
  const cb = toCents(b);
  return ca === undefined || cb === undefined ? '' : (ca + cb) / 100;
}
