import {
  CODIGO_POSTAL,
  DIRECCION_MAX,
  MAX_BULTOS_SOLICITUD,
  MAX_DIAS_ANTELACION_SOLICITUD,
  MAX_PESO_SOLICITUD_KG,
  MERCANCIA_MAX,
  MERCANCIA_MIN,
  OBSERVACIONES_MAX,
  PAISES_SOLICITUD,
  POBLACION_MAX,
  POBLACION_MIN,
} from '@extranet/contracts/solicitudes/limits';
import type { Solicitud, SolicitudCrear } from '@extranet/contracts/solicitudes/solicitud';
import dayjs from 'dayjs';

// The form checks the contract's rules (`limits.ts`, zod-free: this page's chunk ships no zod)
// and shows the messages of es.json.

/** The form's values: numbers are '' while empty, dates 'YYYY-MM-DD' or null. */
export interface SolicitudFormValues {
  origen_poblacion: string;
  origen_direccion: string;
  origen_cp: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_direccion: string;
  destino_cp: string;
  destino_pais_iso: string;
  fecha_carga: string | null;
  fecha_entrega: string | null;
  mercancia: string;
  bultos: number | string;
  peso_kg: number | string;
  tipo_vehiculo: string | null;
  observaciones: string;
}

export const SOLICITUD_VACIA: SolicitudFormValues = {
  origen_poblacion: '',
  origen_direccion: '',
  origen_cp: '',
  origen_pais_iso: 'ES',
  destino_poblacion: '',
  destino_direccion: '',
  destino_cp: '',
  destino_pais_iso: 'ES',
  fecha_carga: null,
  fecha_entrega: null,
  mercancia: '',
  bultos: '',
  peso_kg: '',
  tipo_vehiculo: null,
  observaciones: '',
};

/** The next working day (Monday to Friday) after `today`: the earliest load a planner can book. */
export function siguienteDiaLaborable(today: string): string {
  let day = dayjs(today).add(1, 'day');
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
  return day.format('YYYY-MM-DD');
}

/**
 * The form as it opens: the load on the next working day and, when the client has asked before,
 * the origin of its latest request (its warehouse, as a rule) and the same vehicle type.
 */
export function solicitudInicial(
  today: string,
  ultima?: Pick<
    Solicitud,
    'origen_poblacion' | 'origen_direccion' | 'origen_cp' | 'origen_pais_iso' | 'tipo_vehiculo'
  >,
): SolicitudFormValues {
  const base = { ...SOLICITUD_VACIA, fecha_carga: siguienteDiaLaborable(today) };
  if (!ultima) return base;
  return {
    ...base,
    origen_poblacion: ultima.origen_poblacion,
    origen_direccion: ultima.origen_direccion ?? '',
    origen_cp: ultima.origen_cp ?? '',
    origen_pais_iso: ultima.origen_pais_iso ?? base.origen_pais_iso,
    tipo_vehiculo: ultima.tipo_vehiculo,
  };
}

type T = (key: string) => string;
export type SolicitudErrors = Partial<Record<keyof SolicitudFormValues, string>>;

/** Today as 'YYYY-MM-DD' in the browser's time zone (the users are in Spain). */
export function hoy(): string {
  return dayjs().format('YYYY-MM-DD');
}

function poblacion(value: string, t: T): string | undefined {
  const text = value.trim();
  if (text.length < POBLACION_MIN) return t('solicitudes.errores.poblacion');
  if (text.length > POBLACION_MAX) return t('solicitudes.errores.poblacionLarga');
  return undefined;
}

function entero(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Field errors of the request form, in Spanish, as the server would report them. */
export function validateSolicitud(
  values: SolicitudFormValues,
  t: T,
  today: string = hoy(),
): SolicitudErrors {
  const errors: SolicitudErrors = {};
  const set = (key: keyof SolicitudFormValues, message: string | undefined) => {
    if (message) errors[key] = message;
  };
  for (const lado of ['origen', 'destino'] as const) {
    set(`${lado}_poblacion`, poblacion(values[`${lado}_poblacion`], t));
    if (values[`${lado}_direccion`].trim().length > DIRECCION_MAX) {
      set(`${lado}_direccion`, t('solicitudes.errores.direccion'));
    }
    if (!CODIGO_POSTAL.test(values[`${lado}_cp`].trim())) {
      set(`${lado}_cp`, t('solicitudes.errores.cp'));
    }
    if (!Object.keys(PAISES_SOLICITUD).includes(values[`${lado}_pais_iso`])) {
      set(`${lado}_pais_iso`, t('solicitudes.errores.pais'));
    }
  }
  const limite = dayjs(today).add(MAX_DIAS_ANTELACION_SOLICITUD, 'day').format('YYYY-MM-DD');
  if (!values.fecha_carga) set('fecha_carga', t('solicitudes.errores.fechaCarga'));
  else if (values.fecha_carga < today)
    set('fecha_carga', t('solicitudes.errores.fechaCargaPasada'));
  else if (values.fecha_carga > limite)
    set('fecha_carga', t('solicitudes.errores.fechaCargaLejana'));
  if (values.fecha_entrega && values.fecha_carga && values.fecha_entrega < values.fecha_carga) {
    set('fecha_entrega', t('solicitudes.errores.fechaEntrega'));
  }
  const mercancia = values.mercancia.trim();
  if (mercancia.length < MERCANCIA_MIN) set('mercancia', t('solicitudes.errores.mercancia'));
  else if (mercancia.length > MERCANCIA_MAX)
    set('mercancia', t('solicitudes.errores.mercanciaLarga'));
  const bultos = entero(values.bultos);
  if (bultos === null || !Number.isInteger(bultos) || bultos < 1)
    set('bultos', t('solicitudes.errores.bultos'));
  else if (bultos > MAX_BULTOS_SOLICITUD) set('bultos', t('solicitudes.errores.bultosMax'));
  const peso = entero(values.peso_kg);
  if (peso === null || !Number.isInteger(peso) || peso < 1)
    set('peso_kg', t('solicitudes.errores.peso'));
  else if (peso > MAX_PESO_SOLICITUD_KG) set('peso_kg', t('solicitudes.errores.pesoMax'));
  if (values.observaciones.trim().length > OBSERVACIONES_MAX)
    set('observaciones', t('solicitudes.errores.observaciones'));
  return errors;
}

/** The request body from valid form values. */
export function toSolicitudCrear(values: SolicitudFormValues): SolicitudCrear {
  const opcional = (text: string) => text.trim() || null;
  return {
    origen_poblacion: values.origen_poblacion.trim(),
    origen_direccion: opcional(values.origen_direccion),
    origen_cp: values.origen_cp.trim().toUpperCase(),
    origen_pais_iso: values.origen_pais_iso,
    destino_poblacion: values.destino_poblacion.trim(),
    destino_direccion: opcional(values.destino_direccion),
    destino_cp: values.destino_cp.trim().toUpperCase(),
    destino_pais_iso: values.destino_pais_iso,
    fecha_carga: values.fecha_carga ?? '',
    fecha_entrega: values.fecha_entrega,
    mercancia: values.mercancia.trim(),
    bultos: Number(values.bultos),
    peso_kg: Number(values.peso_kg),
    tipo_vehiculo: (values.tipo_vehiculo || null) as SolicitudCrear['tipo_vehiculo'],
    observaciones: opcional(values.observaciones),
  };
}

/**
 * A server 400's `details` (`[{ path: '/origen_cp' | 'origen_cp', message }]`) as field errors
 * of this form; details for unknown fields are left out.
 */
export function serverFieldErrors(details: unknown): SolicitudErrors {
  if (!Array.isArray(details)) return {};
  const errors: SolicitudErrors = {};
  for (const item of details) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const key = (Array.isArray(path) ? String(path[0] ?? '') : typeof path === 'string' ? path : '')
      .replace(/^\//, '')
      .split(/[/.]/)[0];
    if (key && key in SOLICITUD_VACIA && !errors[key as keyof SolicitudFormValues]) {
      errors[key as keyof SolicitudFormValues] = message;
    }
  }
  return errors;
}
