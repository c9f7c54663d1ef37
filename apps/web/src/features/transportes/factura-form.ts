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

/** Sum of two typed amounts in euros, or '' while either is missing. */
export function sumEuros(a: number | string, b: number | string): number | string {
  const ca = toCents(a);
  const cb = toCents(b);
  return ca === undefined || cb === undefined ? '' : (ca + cb) / 100;
}
