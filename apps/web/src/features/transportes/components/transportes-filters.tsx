import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  FilterDates,
  StatusFilter,
  type FiltrosConFechas,
} from '../../../components/filter-bar';
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

/** Filters of the supplier's transport pages: load dates and transport id, among others. */
interface FiltrosTransporte extends FiltrosConFechas {
  transporteId?: number | undefined;
}

export interface TransporteFilterBarProps<T extends FiltrosTransporte> {
  /** The page's filters. */
  value: T;
  /** Called with the new filters. */
  onChange: (value: T) => void;
  /** What "Quitar filtros" sets. */
  empty: T;
  /** Some filter is set (the clear button is enabled). */
  hasFilters: boolean;
  /** The page's own fields, after the dates and the transport. */
  children: ReactNode;
}

/** The filter bar of the transport pages: load dates, transport id, then the page's fields. */
export function TransporteFilterBar<T extends FiltrosTransporte>({
  value,
  onChange,
  empty,
  hasFilters,
  children,
}: TransporteFilterBarProps<T>) {
  const { t } = useTranslation();
  return (
    <FilterBar
      clearLabel={t('transportes.filtros.limpiar')}
      onClear={() => onChange(empty)}
      hasFilters={hasFilters}
      phoneToggle={{
        label: t('transportes.filtros.titulo'),
        active: Object.entries(value).filter(([key, v]) => key !== 'opened' && v).length,
      }}
    >
      <FilterDates label={t('transportes.filtros.fechas')} value={value} onChange={onChange} />
      <IdInput
        label={t('transportes.filtros.transporte')}
        value={value.transporteId}
        onChange={(transporteId) => onChange({ ...value, transporteId })}
      />
      {children}
    </FilterBar>
  );
}

/** Filters of the transport history: load dates, transport id and status. */
export function TransportesFilters({ value, onChange }: TransportesFiltersProps) {
  const { t } = useTranslation();
  const hasFilters = Object.values(value).some((v) => v !== undefined);
  return (
    <TransporteFilterBar value={value} onChange={onChange} empty={{}} hasFilters={hasFilters}>
      <StatusFilter
        label={t('transportes.filtros.estado')}
        estados={TRANSPORTE_ESTADOS}
        estadoLabel={(estado) => t(`transportes.estado.${estado}`)}
        todosLabel={t('transportes.filtros.todos')}
        value={value.estado}
        onChange={(estado) => onChange({ ...value, estado })}
      />
    </TransporteFilterBar>
  );
}
