import type { CargaDescartada } from '@extranet/contracts/cargas/carga';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/vehiculo';
import { Button, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { csvCents } from '../../../lib/csv';
import { formatCents, formatDate, formatDateTime, formatKg } from '../../../lib/format';
import { Lugar } from './lugar';

export interface DescartadasTableProps {
  /** Discarded loads loaded so far. */
  cargas: readonly CargaDescartada[];
  loading: boolean;
  error?: string;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: () => void;
  /** Id of the load being restored (its button spins). */
  restaurando?: number;
  /** Put the load back on the list. */
  onRestaurar: (carga: CargaDescartada) => void;
}

/** "Descartadas": the loads the carrier hid, with a button to restore each. */
export function DescartadasTable(props: DescartadasTableProps) {
  const { t } = useTranslation();
  const { onRestaurar, restaurando } = props;
  const columns = useMemo<DataTableColumn<CargaDescartada>[]>(
    () => [
      {
        id: 'referencia',
        header: t('cargas.col.referencia'),
        cell: (c) => (
          <Text size="sm" ff="monospace">
            {c.referencia}
          </Text>
        ),
        csv: (c) => c.referencia,
      },
      {
        id: 'origen',
        header: t('cargas.col.origen'),
        cell: (c) => (
          <Lugar poblacion={c.origen_poblacion} cp={c.origen_cp} pais={c.origen_pais_iso} />
        ),
        csv: (c) => `${c.origen_poblacion} (${c.origen_cp}, ${c.origen_pais_iso})`,
      },
      {
        id: 'destino',
        header: t('cargas.col.destino'),
        cell: (c) => (
          <Lugar poblacion={c.destino_poblacion} cp={c.destino_cp} pais={c.destino_pais_iso} />
        ),
        csv: (c) => `${c.destino_poblacion} (${c.destino_cp}, ${c.destino_pais_iso})`,
      },
      {
        id: 'carga',
        header: t('cargas.col.carga'),
        cell: (c) => formatDate(c.fecha_carga),
        csv: (c) => formatDate(c.fecha_carga),
      },
      {
        id: 'tipo',
        header: t('cargas.col.tipo'),
        cell: (c) => tipoVehiculoLabels[c.tipo_vehiculo],
        csv: (c) => tipoVehiculoLabels[c.tipo_vehiculo],
      },
      {
        id: 'peso',
        header: t('cargas.col.peso'),
        cell: (c) => formatKg(c.peso_kg),
        csv: (c) => c.peso_kg,
        align: 'right',
      },
      {
        id: 'precio',
        header: t('cargas.col.precioGuia'),
        cell: (c) => formatCents(c.precio_guia_centimos),
        csv: (c) => csvCents(c.precio_guia_centimos),
        align: 'right',
      },
      {
        id: 'descartada',
        header: t('cargas.col.descartadaEl'),
        cell: (c) => formatDateTime(c.descartada_at),
        csv: (c) => formatDateTime(c.descartada_at),
      },
      {
        id: 'acciones',
        header: t('cargas.col.acciones'),
        hideLabelOnCard: true,
        stickyEnd: true,
        cell: (c) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowBackUp size={14} aria-hidden />}
            onClick={() => onRestaurar(c)}
            loading={restaurando === c.id}
            aria-label={`${t('cargas.acciones.restaurar')} · ${c.referencia}`}
          >
            {t('cargas.acciones.restaurar')}
          </Button>
        ),
      },
    ],
    [t, onRestaurar, restaurando],
  );
  return (
    <DataTable
      data={props.cargas}
      columns={columns}
      getRowId={(c) => String(c.id)}
      getRowLabel={(c) => t('cargas.rowLabel', { ref: c.referencia })}
      label={t('cargas.tabs.descartadas')}
      loading={props.loading}
      error={props.error}
      emptyMessage={t('cargas.emptyDescartadas')}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      onEndReached={props.onEndReached}
      csvFileName={t('cargas.csv.descartadas')}
      estimateRowHeight={58}
    />
  );
}
