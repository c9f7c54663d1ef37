import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { Badge, Group, Text } from '@mantine/core';
import { IconPencil, IconTruckOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { UltimaPosicion } from '../../../components/ultima-posicion';
import { RowAction } from '../../../components/data-table/row-action';
import type { PagedTable } from '../../../components/data-table/use-paged-table';
import { formatDate, formatDateTime, formatInteger, formatKg } from '../../../lib/format';
import { vehiculosExportUrls } from '../api/get-vehiculos';

export interface VehiculosTableProps {
  /** The vehicles loaded so far and the paging (`usePagedTable`). */
  table: PagedTable<Vehiculo>;
  onEditar: (vehiculo: Vehiculo) => void;
  onDesactivar: (vehiculo: Vehiculo) => void;
}

/** The vehicle panel's table. */
export function VehiculosTable({ table, onEditar, onDesactivar }: VehiculosTableProps) {
  const { t } = useTranslation();
  const columns = useMemo<DataTableColumn<Vehiculo>[]>(
    () => [
      {
        id: 'matricula',
        header: t('vehiculos.col.matricula'),
        cell: (v) => (
          <Text size="sm" ff="monospace" fw={600}>
            {v.matricula}
          </Text>
        ),
      },
      {
        id: 'tipo',
        header: t('vehiculos.col.tipo'),
        cell: (v) => tipoVehiculoLabels[v.tipo],
      },
      {
        id: 'capacidad',
        header: t('vehiculos.col.capacidad'),
        cell: (v) => formatKg(v.capacidad_kg),
        align: 'right',
        // Below 1600 px the availability and last position fit beside the actions without the
        // vehicle's size, the phone and the end of availability (issue 20 point 3).
        showFrom: 'xxl',
      },
      {
        id: 'palets',
        header: t('vehiculos.col.palets'),
        cell: (v) => formatInteger(v.palets),
        align: 'right',
        showFrom: 'xxl',
      },
      {
        id: 'conductor',
        header: t('vehiculos.col.conductor'),
        cell: (v) => v.conductor_nombre,
      },
      {
        id: 'telefono',
        header: t('vehiculos.col.telefono'),
        cell: (v) =>
          v.conductor_telefono ? (
            <a href={`tel:${v.conductor_telefono.replace(/[^+\d]/g, '')}`}>
              {v.conductor_telefono}
            </a>
          ) : null,
        showFrom: 'xxl',
      },
      {
        id: 'disponible',
        header: t('vehiculos.col.disponible'),
        cell: (v) => (
          <Badge color={v.disponible ? 'green.9' : 'gray.7'} variant="filled" tt="none" radius="sm">
            {v.disponible ? t('vehiculos.si') : t('vehiculos.no')}
          </Badge>
        ),
      },
      {
        id: 'desde',
        header: t('vehiculos.col.desde'),
        cell: (v) => formatDate(v.disponible_desde),
      },
      {
        id: 'hasta',
        header: t('vehiculos.col.hasta'),
        cell: (v) => formatDate(v.disponible_hasta),
        showFrom: 'xxl',
      },
      {
        id: 'posicion',
        header: t('vehiculos.col.posicion'),
        wrap: true,
        // A driver link's ping stores coordinates without a town (issue 17): shown as the
        // driver's position, with how long ago, the same one the customer's tracking shows.
        cell: (v) =>
          v.ultima_poblacion ? (
            <div>
              <Text size="sm" lh={1.3}>
                {v.ultima_poblacion}
              </Text>
              <Text size="xs" c="gray.7" lh={1.3}>
                {formatDateTime(v.ultima_posicion_at)}
              </Text>
            </div>
          ) : v.ultima_lat !== null && v.ultima_posicion_at ? (
            <div>
              <Text size="sm" lh={1.3}>
                {t('seguimiento.posicionConductor')}
              </Text>
              <UltimaPosicion at={v.ultima_posicion_at} size="xs" c="gray.7" lh={1.3} />
            </div>
          ) : null,
      },
      {
        id: 'acciones',
        header: t('vehiculos.col.acciones'),
        hideLabelOnCard: true,
        stickyEnd: true,
        cell: (v) => (
          <Group gap={6} wrap="nowrap">
            <RowAction
              label={t('vehiculos.editar')}
              row={v.matricula}
              icon={IconPencil}
              onClick={() => onEditar(v)}
            />
            <RowAction
              label={t('vehiculos.desactivar')}
              row={v.matricula}
              icon={IconTruckOff}
              onClick={() => onDesactivar(v)}
              danger
            />
          </Group>
        ),
      },
    ],
    [t, onEditar, onDesactivar],
  );
  return (
    <DataTable
      tableId="vehiculos"
      {...table}
      columns={columns}
      getRowId={(v) => String(v.id)}
      getRowLabel={(v) => t('vehiculos.rowLabel', { matricula: v.matricula })}
      label={t('vehiculos.tabs.lista')}
      emptyMessage={t('vehiculos.empty')}
      exportUrls={vehiculosExportUrls()}
      estimateRowHeight={58}
    />
  );
}
