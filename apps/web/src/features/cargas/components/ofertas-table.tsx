import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import { OFERTA_ESTADOS } from '@extranet/contracts/cargas/constants';
import type { Oferta } from '@extranet/contracts/cargas/oferta';
import { Group, Select, Text } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { RowAction } from '../../../components/data-table/row-action';
import type { PagedTable } from '../../../components/data-table/use-paged-table';
import { formatCents, formatDate, formatDateTime } from '../../../lib/format';
import { ofertasExportUrls } from '../api/export-cargas';
import { Lugar } from './lugar';
import { OfertaEstadoBadge } from './oferta-estado-badge';

export interface OfertasTableProps {
  /** The offers loaded so far and the paging (`usePagedTable`). */
  table: PagedTable<Oferta>;
  /** Status filter; undefined for all. */
  estado: OfertaEstado | undefined;
  /** Change the status filter. */
  onEstadoChange: (estado: OfertaEstado | undefined) => void;
  /** Change the price/comment of a pending offer. */
  onModificar: (oferta: Oferta) => void;
  /** Withdraw a pending offer. */
  onRetirar: (oferta: Oferta) => void;
}

/** "Mis ofertas": the carrier's offers with their status; pending ones can change or go. */
export function OfertasTable(props: OfertasTableProps) {
  const { t } = useTranslation();
  const { onModificar, onRetirar } = props;

  const columns = useMemo<DataTableColumn<Oferta>[]>(
    () => [
      {
        id: 'referencia',
        header: t('cargas.col.referencia'),
        cell: (o) => (
          <Text size="sm" ff="monospace">
            {o.carga.referencia}
          </Text>
        ),
      },
      {
        id: 'origen',
        header: t('cargas.col.origen'),
        wrap: true,
        cell: (o) => <Lugar poblacion={o.carga.origen_poblacion} pais={o.carga.origen_pais_iso} />,
      },
      {
        id: 'destino',
        header: t('cargas.col.destino'),
        wrap: true,
        cell: (o) => (
          <Lugar poblacion={o.carga.destino_poblacion} pais={o.carga.destino_pais_iso} />
        ),
      },
      {
        id: 'carga',
        header: t('cargas.col.carga'),
        cell: (o) => formatDate(o.carga.fecha_carga),
      },
      {
        id: 'precioGuia',
        header: t('cargas.col.precioGuia'),
        cell: (o) => formatCents(o.carga.precio_guia_centimos),
        align: 'right',
      },
      {
        id: 'miPrecio',
        header: t('cargas.col.miPrecio'),
        cell: (o) => (
          <Text fw={600} size="sm">
            {formatCents(o.precio_centimos)}
          </Text>
        ),
        align: 'right',
      },
      {
        id: 'estado',
        header: t('cargas.col.estado'),
        cell: (o) => <OfertaEstadoBadge estado={o.estado} />,
      },
      {
        id: 'fecha',
        header: t('cargas.col.fechaOferta'),
        cell: (o) => formatDateTime(o.updated_at),
        // Below 1600 px the status fits beside the actions without these (issue 20 point 3).
        showFrom: 'xxl',
      },
      {
        id: 'comentarios',
        header: t('cargas.col.comentarios'),
        cell: (o) => (
          <Text size="xs" lineClamp={2} maw={220}>
            {o.comentarios}
          </Text>
        ),
        showFrom: 'xxl',
      },
      {
        id: 'acciones',
        header: t('cargas.col.acciones'),
        hideLabelOnCard: true,
        stickyEnd: true,
        cell: (o) =>
          o.estado === 'pendiente' && o.carga.estado === 'abierta' ? (
            <Group gap={6} wrap="nowrap">
              <RowAction
                label={t('cargas.acciones.modificar')}
                row={o.carga.referencia}
                icon={IconPencil}
                onClick={() => onModificar(o)}
              />
              <RowAction
                label={t('cargas.acciones.retirar')}
                row={o.carga.referencia}
                icon={IconX}
                onClick={() => onRetirar(o)}
                danger
              />
            </Group>
          ) : null,
      },
    ],
    [t, onModificar, onRetirar],
  );

  return (
    <DataTable
      tableId="cargas-ofertas"
      {...props.table}
      columns={columns}
      getRowId={(o) => String(o.id)}
      getRowLabel={(o) => t('cargas.rowLabel', { ref: o.carga.referencia })}
      label={t('cargas.tabs.ofertas')}
      emptyMessage={t('cargas.emptyOfertas')}
      exportUrls={ofertasExportUrls(props.estado)}
      estimateRowHeight={58}
      toolbar={
        <Select
          aria-label={t('cargas.filtros.estadoOferta')}
          placeholder={t('cargas.filtros.estadoOferta')}
          data={OFERTA_ESTADOS.map((estado) => ({
            value: estado,
            label: t(`cargas.estadoOferta.${estado}`),
          }))}
          value={props.estado ?? null}
          onChange={(value) => props.onEstadoChange(value ?? undefined)}
          clearable
          size="xs"
          w={200}
        />
      }
    />
  );
}
