import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CALENDAR_LOCALE, calendarLocaleFor, loadCalendarLocale } from './calendar-locale';

describe('Spanish calendar locale (spec §9)', () => {
  it('abbreviates weekdays as D, L, Ma, Mi, J, V, S', () => {
    // 2024-01-07 is a Sunday.
    const names = Array.from({ length: 7 }, (_, day) =>
      dayjs('2024-01-07').add(day, 'day').locale(CALENDAR_LOCALE).format('dd'),
    );
    expect(names).toEqual(['D', 'L', 'Ma', 'Mi', 'J', 'V', 'S']);
  });

  it('names months Enero … Diciembre, capitalised', () => {
    const names = Array.from({ length: 12 }, (_, month) =>
      dayjs(new Date(2024, month, 1))
        .locale('es')
        .format('MMMM'),
    );
    expect(names).toEqual([
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
    ]);
  });

  it('is the default dayjs locale', () => {
    expect(dayjs().locale()).toBe('es');
  });
});

describe('calendar locale of the UI language (issue 14: ?lang=en)', () => {
  it('is English for en and Spanish for es and anything unknown', () => {
    expect(calendarLocaleFor('es')).toBe('es');
    expect(calendarLocaleFor('de')).toBe('es');
    const en = calendarLocaleFor('en');
    expect(
      dayjs(new Date(2024, 0, 7))
        .locale(en)
        .format('dd MMMM'),
    ).toBe('Su January');
    expect(
      dayjs(new Date(2024, 0, 7))
        .locale('es')
        .format('dd MMMM'),
    ).toBe('D Enero');
  });
});

describe('calendar locale of every portal language (issue 20 point 7)', () => {
  const januaryAndSunday = (locale: string) =>
    dayjs(new Date(2024, 0, 7))
      .locale(locale)
      .format('MMMM dddd');

  it.each([
    ['fr', 'janvier dimanche'],
    ['it', 'gennaio domenica'],
    ['ro', 'Ianuarie Duminică'],
    ['tr', 'Ocak Pazar'],
    ['en', 'January Sunday'],
  ])('%s: loaded on demand, then the calendars and dayjs use it', async (language, names) => {
    const locale = await loadCalendarLocale(language);
    expect(locale).toBe(language);
    expect(calendarLocaleFor(language)).toBe(language);
    expect(dayjs().locale()).toBe(language);
    expect(januaryAndSunday(locale)).toBe(names);
  });

  it('falls back to the spec’s Spanish for an unknown language, and back to Spanish', async () => {
    expect(await loadCalendarLocale('de')).toBe('es');
    expect(await loadCalendarLocale('es')).toBe('es');
    expect(dayjs().locale()).toBe('es');
    expect(januaryAndSunday('es')).toBe('Enero domingo');
  });
});
