/*
 * Madrid's wall clock, the company's time: stops, time windows and exported dates are read and
 * written in it, whatever the server's time zone. The offsets (CET +1, CEST +2) come from the
 * platform's time-zone data, never from a table of our own.
 */

const MADRID = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's wall-clock parts in Madrid, zero-padded ('2026', '03', '29', '02', '05'). */
export function partesMadrid(instant: Date | string): {
  y: string;
  m: string;
  d: string;
  h: string;
  min: string;
} {
  const parts = MADRID.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return {
    y: part('year'),
    m: part('month'),
    d: part('day'),
    h: part('hour'),
    min: part('minute'),
  };
}

/** 'YYYY-MM-DD' and 'HH:MM' in Madrid time, as tracking stops are reported. */
export function fechaHoraMadrid(instant: Date): { fecha: string; hora: string } {
  const { y, m, d, h, min } = partesMadrid(instant);
  return { fecha: `${y}-${m}-${d}`, hora: `${h}:${min}` };
}

/** The UTC instant of a Madrid wall-clock time on a date ('YYYY-MM-DD', 'HH:MM'). */
export function madridAUtc(fecha: string, hora: string): Date {
  const [y, m, d] = fecha.split('-').map(Number) as [number, number, number];
  const [hh, mm] = hora.split(':').map(Number) as [number, number];
  const comoUtc = Date.UTC(y, m - 1, d, hh, mm);
  // Madrid's offset at that moment: its wall clock at `comoUtc`, read as if it were UTC.
  const madrid = partesMadrid(new Date(comoUtc));
  const madridComoUtc = Date.UTC(
    Number(madrid.y),
    Number(madrid.m) - 1,
    Number(madrid.d),
    Number(madrid.h),
    Number(madrid.min),
  );
  return new Date(comoUtc - (madridComoUtc - comoUtc));
}
