import { Text, type TextProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';

/** Whole minutes from an instant to now (0 for a clock a little ahead). */
export function minutosDesde(instant: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(instant)) / 60_000));
}

/** Now, refreshed every `intervalMs` while mounted (relative times move on by themselves). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * "Última posición hace N min": relative to the instant the phone took it, never a wall-clock
 * time (a Madrid "HH:MM" read in Istanbul is hours off); the exact instant in the tooltip.
 */
export function UltimaPosicion({ at, ...props }: { at: string } & TextProps) {
  const { t } = useTranslation();
  const minutos = minutosDesde(at, useNow());
  const horas = Math.floor(minutos / 60);
  const hace =
    minutos < 1
      ? t('seguimiento.haceMenosDeUnMinuto')
      : minutos < 60
        ? t('seguimiento.haceMinutos', { count: minutos })
        : minutos < 48 * 60
          ? t('seguimiento.haceHoras', { count: horas, min: minutos % 60 })
          : formatDateTime(at);
  return (
    <Text span {...props}>
      {t('seguimiento.ultimaPosicion')}{' '}
      <time dateTime={at} title={formatDateTime(at)}>
        {hace}
      </time>
    </Text>
  );
}
