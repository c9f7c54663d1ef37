import type { PorteEstadoActivo, PortesOrden } from '@extranet/contracts/portes/porte';
import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterDates, StatusFilter } from '../../../components/filter-bar';
import type { PortesFiltros } from '../api/get-portes';

/** Statuses of an active shipment (contract `PorteEstadoActivo`; spelt out to keep zod out). */
const ESTADOS_ACTIVOS: PorteEstadoActivo[] = ['pendiente', 'en_transito', 'incidencia'];
const ORDENES: PortesOrden[] = ['fecha_carga_prevista_asc', 'fecha_carga_prevista_desc'];

type TextoKey = 'q' | 'origen' | 'destino';

export interface PortesFiltersProps {
  value: PortesFiltros;
  onChange: (next: PortesFiltros) => void;
}

/** Filters of the active shipments: status, load dates, towns, free text and order. */
export function PortesFilters({ value, onChange }: PortesFiltersProps) {
  const { t } = useTranslation();
  const [textos, setTextos] = useState({
    q: value.q ?? '',
    origen: value.origen ?? '',
    destino: value.destino ?? '',
  });
  // Filters changed from outside (Quitar filtros, the back button) replace what is typed.
  const external = `${value.q ?? ''}
${value.origen ?? ''}
${value.destino ?? ''}`;
  const [prevExternal, setPrevExternal] = useState(external);
  if (external !== prevExternal) {
    setPrevExternal(external);
    setTextos({ q: value.q ?? '', origen: value.origen ?? '', destino: value.destino ?? '' });
  }
  // Typing does not refetch on every key.
  const commit = useDebouncedCallback((key: TextoKey, text: string) => {
    onChange({ ...value, [key]: text.trim() || undefined });
  }, 350);
  const texto = (key: TextoKey, label: string) => (
    <TextInput
      label={label}
      value={textos[key]}
      maxLength={key === 'q' ? 50 : 80}
      onChange={(event) => {
        const text = event.currentTarget.value;
        setTextos((current) => ({ ...current, [key]: text }));
        commit(key, text);
      }}
    />
  );
  const hayFiltros =
    !!value.estado ||
    !!value.fechaDesde ||
    !!value.q ||
    !!value.origen ||
    !!value.destino ||
    (value.orden !== undefined && value.orden !== 'fecha_carga_prevista_asc');

  return (
    <FilterBar
      clearLabel={t('portes.filtros.limpiar')}
      onClear={() => onChange({})}
      hasFilters={hayFiltros}
      columns={3}
      verticalSpacing="sm"
      hideClearWhenEmpty
      phoneToggle={{
        label: t('portes.filtros.titulo'),
        active: [value.estado, value.fechaDesde, value.q, value.origen, value.destino].filter(
          Boolean,
        ).length,
      }}
    >
      <StatusFilter
        label={t('portes.filtros.estado')}
        estados={ESTADOS_ACTIVOS}
        estadoLabel={(estado) => t(`portes.estado.${estado}`)}
        todosLabel={t('portes.filtros.todos')}
        value={value.estado}
        onChange={(estado) => onChange({ ...value, estado })}
        todosOption
      />
      <FilterDates label={t('portes.filtros.fechas')} value={value} onChange={onChange} />
      {texto('q', t('portes.filtros.texto'))}
      {texto('origen', t('portes.filtros.origen'))}
      {texto('destino', t('portes.filtros.destino'))}
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label={t('portes.filtros.orden')}
          data={ORDENES.map((orden) => ({
            value: orden,
            label: t(
              orden.endsWith('asc') ? 'portes.filtros.ordenAsc' : 'portes.filtros.ordenDesc',
            ),
          }))}
          value={value.orden ?? 'fecha_carga_prevista_asc'}
          onChange={(orden) => onChange({ ...value, orden: (orden as PortesOrden) ?? undefined })}
          allowDeselect={false}
          style={{ flex: 1 }}
        />
      </Group>
    </FilterBar>
  );
}
