import dayjs from 'dayjs';

/**
 * Spanish calendar names as the spec (§9) fixes them: weekday abbreviations D, L, Ma, Mi, J, V, S
 * and capitalised months Enero … Diciembre. Defined here in full instead of patching dayjs'
 * stock `es` locale, whose names are lower-case and two letters.
 */
export const calendarLocaleEs: ILocale = {
  name: 'es',
  weekStart: 1,
  weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  weekdaysShort: ['dom.', 'lun.', 'mar.', 'mié.', 'jue.', 'vie.', 'sáb.'],
  weekdaysMin: ['D', 'L', 'Ma', 'Mi', 'J', 'V', 'S'],
  months: [
    'Enero',
    'Febrero',
    'Marzo',
    'Abril',
    'Mayo',
    'Junio',
    'Julio',
    'Agosto',
    'Septiembre',
    'Octubre',
    'Noviembre',
    'Diciembre',
  ],
  monthsShort: ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
  ordinal: (n) => `${n}º`,
  formats: {
    LT: 'H:mm',
    LTS: 'H:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D [de] MMMM [de] YYYY',
    LLL: 'D [de] MMMM [de] YYYY H:mm',
    LLLL: 'dddd, D [de] MMMM [de] YYYY H:mm',
  },
  relativeTime: {
    future: 'en %s',
    past: 'hace %s',
    s: 'unos segundos',
    m: 'un minuto',
    mm: '%d minutos',
    h: 'una hora',
    hh: '%d horas',
    d: 'un día',
    dd: '%d días',
    M: 'un mes',
    MM: '%d meses',
    y: 'un año',
    yy: '%d años',
  },
};

/** Locale name Mantine's DatesProvider and dayjs use for every calendar widget. */
export const CALENDAR_LOCALE = 'es';

/**
 * dayjs' own locales of the other portal languages (issue 20 point 7), each its own small chunk
 * registered on demand; English is built into dayjs.
 */
const calendarLoaders: Record<string, () => Promise<unknown>> = {
  fr: () => import('dayjs/locale/fr'),
  it: () => import('dayjs/locale/it'),
  ro: () => import('dayjs/locale/ro'),
  tr: () => import('dayjs/locale/tr'),
};
const registered = new Set(['es', 'en']);

/**
 * The calendar locale of a UI language once registered: the spec's Spanish names for `es`,
 * dayjs' names for the other portal languages, Spanish for anything else (spec §9 fallback).
 */
export function calendarLocaleFor(language: string): string {
  return registered.has(language) ? language : CALENDAR_LOCALE;
}

/**
 * Registers the calendar names of `language` (a chunk of a few hundred bytes) and makes them
 * dayjs' default, for the date pickers and every formatted date; Spanish for an unknown one.
 */
export async function loadCalendarLocale(language: string): Promise<string> {
  const load = calendarLoaders[language];
  if (load && !registered.has(language)) {
    await load();
    registered.add(language);
  }
  const locale = calendarLocaleFor(language);
  dayjs.locale(locale);
  return locale;
}

// Register the locale and make it the default: Spanish unless another language is chosen.
dayjs.locale(calendarLocaleEs, undefined, true);
dayjs.locale(CALENDAR_LOCALE);
