import type { TransporteEstado } from '@extranet/contracts/transportes/transporte';
import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import type { TransportesFiltros } from '../api/get-transportes';
import { TRANSPORTE_ESTADOS } from '../historico-filters';

export interface TransportesFiltersProps {
  value: TransportesFiltros;
  onChange: (value: TransportesFiltros) => void;
}

/** A whole-number id typed by hand; applies after a short pause. */
export function IdInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ? String(value) : '');
  const [debounced] = useDebouncedValue(text, 400);
  // Follow outside changes (e.g. "Quitar filtros", back button) without an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ? String(value) : '');
  }
  const invalid = text.trim() !== '' && !/^\d{1,15}$/.test(text.trim());
  useEffect(() => {
    const trimmed = debounced.trim();
    if (trimmed !== '' && !/^\d{1,15}$/.test(trimmed)) return;
    const next = trimmed === '' || Number(trimmed) === 0 ? undefined : Number(trimmed);
    if (next !== value) onChange(next);
    // Only the typed text drives this; `value` echoes it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      error={invalid ? t('transportes.filtros.idNoValido') : undefined}
      maxLength={15}
    />
  );
}

/** Filters of the transport history: load dates, transport id and status. */
export function TransportesFilters({ value, onChange }: TransportesFiltersProps) {
  const { t } = useTranslation();
  const hasFilters = Object.values(value).some((v) => v !== undefined);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs" mb="md">
      <DateRangeFilter
        label={t('transportes.filtros.fechas')}
        value={{ desde: value.fechaDesde, hasta: value.fechaHasta }}
        onChange={(range) =>
          onChange({ ...value, fechaDesde: range.desde, fechaHasta: range.hasta })
        }
      />
      <IdInput
        label={t('transportes.filtros.transporte')}
        value={value.transporteId}
        onChange={(transporteId) => onChange({ ...value, transporteId })}
      />
      <Select
        label={t('transportes.filtros.estado')}
        placeholder={t('transportes.filtros.todos')}
        data={TRANSPORTE_ESTADOS.map((estado) => ({
          value: estado,
          label: t(`transportes.estado.${estado}`),
        }))}
        value={value.estado ?? null}
        onChange={(estado) =>
          onChange({ ...value, estado: (estado as TransporteEstado | null) ?? undefined })
        }
        clearable
      />
      <Button
        variant="subtle"
        onClick={() => onChange({})}
        disabled={!hasFilters}
        style={{ alignSelf: 'end' }}
      >
        {t('transportes.filtros.limpiar')}
      </Button>
    </SimpleGrid>
  );
}
