import type { CargaDescartada, CargaResumen } from '@extranet/contracts/cargas/carga';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import { Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { PagedTable } from '../../../components/data-table/use-paged-table';
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatInteger,
  formatKg,
} from '../../../lib/format';
import { Lugar } from './lugar';
import { OfertaEstadoBadge } from './oferta-estado-badge';

/** What every load list row has: a load, without the carrier's offer. */
type CargaFila = Omit<CargaResumen, 'oferta'>;

/** The two tabs this table serves: the open loads and the ones the carrier hid. */
export type CargasTableVista = 'disponibles' | 'descartadas';

/** Texts of each tab's table (i18n keys) and whether it has the exchange's full columns. */
const VISTAS = {
  disponibles: {
    label: 'cargas.tabs.disponibles',
    empty: 'cargas.empty',
    completa: true,
  },
  descartadas: {
    label: 'cargas.tabs.descartadas',
    empty: 'cargas.emptyDescartadas',
    completa: false,
  },
} as const;

export interface CargasTableProps<T extends CargaFila> {
  /** Which tab: its name, empty message and shared columns. */
  vista: CargasTableVista;
  /** The loads loaded so far and the paging (`usePagedTable`). */
  table: PagedTable<T>;
  /** The tab's own columns, after the shared ones (the offer, the discard date). */
  extraColumns?: readonly DataTableColumn<T>[];
  /** URLs of the server's export of the tab's whole list (CSV, XLSX). */
  exportUrls: { csv: string; xlsx: string };
  /** The row actions; the table has no actions column without it. */
  renderActions?: (carga: T) => ReactNode;
}

/**
 * A list of loads (the open ones or the discarded ones): the load's columns, the tab's own
 * columns and the row actions the page passes.
 */
export function CargasTable<T extends CargaFila>(props: CargasTableProps<T>) {
  const { t } = useTranslation();
  const { vista, extraColumns, renderActions } = props;
  const textos = VISTAS[vista];
  const { completa } = textos;

  const columns = useMemo<DataTableColumn<T>[]>(() => {
    const cols: DataTableColumn<T>[] = [
      {
        id: 'referencia',
        header: t('cargas.col.referencia'),
        cell: (c) => (
          <Text size="sm" ff="monospace">
            {c.referencia}
          </Text>
        ),
        ...(completa ? { width: 110 } : {}),
      },
      {
        id: 'origen',
        header: t('cargas.col.origen'),
        wrap: true,
        cell: (c) => (
          <Lugar poblacion={c.origen_poblacion} cp={c.origen_cp} pais={c.origen_pais_iso} />
        ),
      },
      {
        id: 'destino',
        header: t('cargas.col.destino'),
        wrap: true,
        cell: (c) => (
          <Lugar poblacion={c.destino_poblacion} cp={c.destino_cp} pais={c.destino_pais_iso} />
        ),
      },
      {
        id: 'carga',
        header: t('cargas.col.carga'),
        cell: (c) => formatDate(c.fecha_carga),
      },
    ];
    if (completa) {
      cols.push({
        id: 'descarga',
        header: t('cargas.col.descarga'),
        cell: (c) => formatDate(c.fecha_descarga),
        // Below 1600 px "Mi oferta" fits beside the actions without it (issue 20 point 3).
        showFrom: 'xxl',
      });
    }
    cols.push(
      {
        id: 'tipo',
        header: t('cargas.col.tipo'),
        cell: (c) => tipoVehiculoLabels[c.tipo_vehiculo],
      },
      {
        id: 'peso',
        header: t('cargas.col.peso'),
        cell: (c) => formatKg(c.peso_kg),
        align: 'right',
      },
    );
    if (completa) {
      cols.push({
        id: 'palets',
        header: t('cargas.col.palets'),
        cell: (c) => formatInteger(c.palets),
        align: 'right',
        showFrom: 'xxl',
      });
    }
    cols.push({
      id: 'precio',
      header: t('cargas.col.precioGuia'),
      cell: (c) =>
        // The open list says so when a load has no guide price; the discarded one leaves it blank.
        completa && c.precio_guia_centimos === null ? (
          <Text size="xs" c="gray.7">
            {t('cargas.sinPrecio')}
          </Text>
        ) : (
          formatCents(c.precio_guia_centimos)
        ),
      align: 'right',
    });
    cols.push(...(extraColumns ?? []));
    if (renderActions) {
      cols.push({
        id: 'acciones',
        header: t('cargas.col.acciones'),
        hideLabelOnCard: true,
        stickyEnd: true,
        cell: renderActions,
      });
    }
    return cols;
  }, [t, completa, extraColumns, renderActions]);

  return (
    <DataTable
      tableId={`cargas-${vista}`}
      {...props.table}
      columns={columns}
      getRowId={(c) => String(c.id)}
      getRowLabel={(c) => t('cargas.rowLabel', { ref: c.referencia })}
      label={t(textos.label)}
      emptyMessage={t(textos.empty)}
      exportUrls={props.exportUrls}
      estimateRowHeight={58}
    />
  );
}

/** "Mi oferta": the carrier's offer on an open load, its status and price. */
export function ofertaColumn(t: TFunction): DataTableColumn<CargaResumen> {
  return {
    id: 'oferta',
    header: t('cargas.col.miOferta'),
    cell: (c) =>
      c.oferta ? (
        <Stack gap={2} align="flex-start">
          <OfertaEstadoBadge estado={c.oferta.estado} />
          <Text size="xs">{formatCents(c.oferta.precio_centimos)}</Text>
        </Stack>
      ) : null,
  };
}

/** "Descartada el": when the carrier hid the load. */
export function descartadaColumn(t: TFunction): DataTableColumn<CargaDescartada> {
  return {
    id: 'descartada',
    header: t('cargas.col.descartadaEl'),
    cell: (c) => formatDateTime(c.descartada_at),
  };
}
