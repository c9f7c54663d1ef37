import { CARGAS_ORDENES } from '@extranet/contracts/cargas/constants';
import { TIPOS_VEHICULO, tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterDates } from '../../../components/filter-bar';
import { countryName } from '../../../lib/format';
import type { CargasFiltros } from '../api/get-cargas';

/** Countries the company's loads touch: Iberia, western Europe, the Balkans, Maghreb, Turkey. */
const PAISES = [
  'AT',
  'BE',
  'CH',
  'CZ',
  'DE',
  'ES',
  'FR',
  'GB',
  'IT',
  'MA',
  'NL',
  'PL',
  'PT',
  'RO',
  'RS',
  'TR',
];

export interface CargasFiltersProps {
  /** Current filters and order. */
  value: CargasFiltros;
  /** Called with the new filters (towns after a short pause in typing). */
  onChange: (value: CargasFiltros) => void;
  /** Hide the order select (the map has no order). */
  hideOrder?: boolean;
}

function TownInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, 350);
  // Filters cleared by the parent empty the field too.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  useEffect(() => {
    const next = debounced.trim() || undefined;
    if (next !== (value || undefined)) onChange(next);
    // Only the typed text drives this; `value` echoes it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      label={label}
      placeholder={t('cargas.filtros.poblacionPlaceholder')}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      maxLength={80}
    />
  );
}

/** Filters of the load list and map: countries, towns, load dates, vehicle type, order. */
export function CargasFilters({ value, onChange, hideOrder = false }: CargasFiltersProps) {
  const { t } = useTranslation();
  const paises = PAISES.map((iso) => ({ value: iso, label: `${countryName(iso)} (${iso})` })).sort(
    (a, b) => a.label.localeCompare(b.label, 'es'),
  );
  const tipos = TIPOS_VEHICULO.map((tipo) => ({ value: tipo, label: tipoVehiculoLabels[tipo] }));
  const set = (patch: Partial<CargasFiltros>) => onChange({ ...value, ...patch });
  const activos = Object.entries(value).filter(([key, v]) => key !== 'orden' && v).length;
  const hasFilters = activos > 0;
  return (
    // On phones the eight fields would fill the screen: they fold behind a "Filtros" button.
    <FilterBar
      clearLabel={t('cargas.filtros.limpiar')}
      onClear={() => onChange({ orden: value.orden })}
      hasFilters={hasFilters}
      phoneToggle={{ label: t('cargas.filtros.title'), active: activos }}
    >
      <Select
        label={t('cargas.filtros.origenPais')}
        placeholder={t('cargas.filtros.todos')}
        data={paises}
        value={value.origenPaisIso ?? null}
        onChange={(v) => set({ origenPaisIso: v ?? undefined })}
        clearable
        searchable
      />
      <TownInput
        label={t('cargas.filtros.origenPoblacion')}
        value={value.origenPoblacion}
        onChange={(v) => set({ origenPoblacion: v })}
      />
      <Select
        label={t('cargas.filtros.destinoPais')}
        placeholder={t('cargas.filtros.todos')}
        data={paises}
        value={value.destinoPaisIso ?? null}
        onChange={(v) => set({ destinoPaisIso: v ?? undefined })}
        clearable
        searchable
      />
      <TownInput
        label={t('cargas.filtros.destinoPoblacion')}
        value={value.destinoPoblacion}
        onChange={(v) => set({ destinoPoblacion: v })}
      />
      <FilterDates label={t('cargas.filtros.fechas')} value={value} onChange={onChange} />
      <Select
        label={t('cargas.filtros.tipo')}
        placeholder={t('cargas.filtros.todos')}
        data={tipos}
        value={value.tipoVehiculo ?? null}
        onChange={(v) => set({ tipoVehiculo: v ?? undefined })}
        clearable
      />
      {!hideOrder && (
        <Select
          label={t('cargas.filtros.orden')}
          data={CARGAS_ORDENES.map((orden) => ({
            value: orden,
            label: t(`cargas.orden.${orden}`),
          }))}
          value={value.orden}
          onChange={(v) => set({ orden: v ?? 'fecha_carga' })}
          allowDeselect={false}
        />
      )}
    </FilterBar>
  );
}
