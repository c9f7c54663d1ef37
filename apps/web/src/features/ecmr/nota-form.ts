import type { EdicionEcmr, NotaEcmr } from '@extranet/contracts/ecmr/ecmr';

/*
 * The carrier's e-CMR form (issue 18) as plain functions: the note as form values (empty
 * strings for absent texts), the Spanish checks beside each field, and the body of the edit
 * (only the top-level boxes that changed, as `EdicionEcmr` takes them).
 */

type Editables = EdicionEcmr['cambios'];
/** The boxes the form edits (17, successive carriers, is kept as it is). */
export const CASILLAS_EDITABLES = [
  'remitente',
  'destinatario',
  'lugar_entrega',
  'lugar_carga',
  'documentos_anexos',
  'mercancias',
  'instrucciones_remitente',
  'forma_pago',
  'reembolso',
  'transportista',
  'reservas_transportista',
  'estipulaciones',
  'establecido_en',
] as const satisfies readonly (keyof Editables)[];
type Casilla = (typeof CASILLAS_EDITABLES)[number];

/** A value of the form: every absent text is '' (Mantine inputs), dates and enums stay null. */
type FormOf<T> = T extends string | null
  ? string
  : T extends number | null
    ? number | string
    : T extends readonly (infer I)[]
      ? FormOf<I>[]
      : T extends object
        ? { [K in keyof T]: K extends 'fecha' | 'forma_pago' ? T[K] : FormOf<T[K]> }
        : T;

export type NotaFormValues = { [K in Casilla]: FormOf<NotaEcmr[K]> };

/** Keys whose null stays null in the form (a date picker, a select). */
const NULOS = new Set(['fecha', 'forma_pago']);

function aFormulario(value: unknown, key: string): unknown {
  if (value === null) return NULOS.has(key) ? null : '';
  if (Array.isArray(value)) return value.map((v) => aFormulario(v, key));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, aFormulario(v, k)]),
    );
  }
  return value;
}

function aNota(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(value)) return value.map(aNota);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, aNota(v)]),
    );
  }
  return value;
}

/** The note's editable boxes as form values. */
export function valoresDeNota(nota: NotaEcmr): NotaFormValues {
  return Object.fromEntries(
    CASILLAS_EDITABLES.map((c) => [c, aFormulario(nota[c], c)]),
  ) as NotaFormValues;
}

/** The boxes that changed, as the edit's `cambios` (empty when nothing did). */
export function cambiosDeFormulario(nota: NotaEcmr, values: NotaFormValues): Partial<Editables> {
  const cambios: Record<string, unknown> = {};
  for (const casilla of CASILLAS_EDITABLES) {
    const nuevo =
      casilla === 'mercancias'
        ? values.mercancias.map((m) => ({
            ...(aNota(m) as object),
            bultos: Number(m.bultos),
            peso_bruto_kg: Number(m.peso_bruto_kg),
            volumen_m3: m.volumen_m3 === '' ? null : Number(m.volumen_m3),
          }))
        : aNota(values[casilla]);
    if (JSON.stringify(nuevo) !== JSON.stringify(nota[casilla])) cambios[casilla] = nuevo;
  }
  return cambios;
}

const PAIS = /^[A-Z]{2}$/;
const REQUERIDOS = [
  'remitente.nombre',
  'destinatario.nombre',
  'lugar_entrega.poblacion',
  'lugar_carga.poblacion',
  'transportista.nombre',
  'establecido_en.lugar',
] as const;

/** Whether a field is required (the mark beside its label). */
export function esRequerido(path: string): boolean {
  return (
    (REQUERIDOS as readonly string[]).includes(path) ||
    /^mercancias\.\d+\.(bultos|peso_bruto_kg)$/.test(path)
  );
}

const esNumero = (v: number | string) => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The form's errors by field path, as i18n keys (`ecmr.errores.*`). */
export function validarNota(values: NotaFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const path of REQUERIDOS) {
    const [casilla, campo] = path.split('.') as [Casilla, string];
    const value = (values[casilla] as Record<string, unknown>)[campo];
    if (typeof value !== 'string' || value.trim() === '') errors[path] = 'ecmr.errores.requerido';
  }
  for (const casilla of [
    'remitente',
    'destinatario',
    'lugar_entrega',
    'lugar_carga',
    'transportista',
  ] as const) {
    const pais = values[casilla].pais_iso.trim();
    if (pais !== '' && !PAIS.test(pais)) errors[`${casilla}.pais_iso`] = 'ecmr.errores.pais';
  }
  values.mercancias.forEach((m, i) => {
    if (m.bultos === '') errors[`mercancias.${i}.bultos`] = 'ecmr.errores.requerido';
    else if (!esNumero(m.bultos) || !Number.isInteger(m.bultos))
      errors[`mercancias.${i}.bultos`] = 'ecmr.errores.entero';
    if (m.peso_bruto_kg === '') errors[`mercancias.${i}.peso_bruto_kg`] = 'ecmr.errores.requerido';
    else if (!esNumero(m.peso_bruto_kg))
      errors[`mercancias.${i}.peso_bruto_kg`] = 'ecmr.errores.numero';
    if (m.volumen_m3 !== '' && !esNumero(m.volumen_m3))
      errors[`mercancias.${i}.volumen_m3`] = 'ecmr.errores.numero';
  });
  return errors;
}

/** The form path of a server's 400 detail (`/cambios/remitente/nombre` → `remitente.nombre`). */
export function campoDeDetalle(path: string): string | null {
  const match = /^\/cambios\/(.+)$/.exec(path);
  return match?.[1] ? match[1].replaceAll('/', '.') : null;
}
