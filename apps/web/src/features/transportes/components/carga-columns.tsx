import type { TransporteEstado } from '@extranet/contracts/transportes/transporte';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../../components/data-table/data-table';
import { formatCents, formatDate, formatInteger, formatKg } from '../../../lib/format';
import { TransporteEstadoBadge } from './transporte-estado-badge';

interface TransporteRow {
  id: number;
  referencia: string;
  matricula: string | null;
  fecha_carga: string;
}

/** The id, vehicle and load-date columns the transport history and the invoice upload share. */
export function transporteColumns<Row extends TransporteRow>(
  t: TFunction,
): Record<'id' | 'vehiculo' | 'carga', DataTableColumn<Row>> {
  return {
    id: {
      id: 'id',
      header: t('transportes.columnas.id'),
      cell: (row) => (
        <>
          <Text size="sm" fw={600} span>
            {row.id}
          </Text>
          <Text size="xs" c="dimmed">
            {row.referencia}
          </Text>
        </>
      ),
      width: 110,
    },
    vehiculo: {
      id: 'vehiculo',
      header: t('transportes.columnas.vehiculo'),
      cell: (row) => row.matricula ?? '',
    },
    carga: {
      id: 'carga',
      header: t('transportes.columnas.cargaPrevista'),
      cell: (row) => formatDate(row.fecha_carga),
      width: 110,
    },
  };
}

interface CargaRow {
  bultos: number;
  peso_kg: number;
  importe_centimos: number;
  estado: TransporteEstado;
}

/** The load, price and status columns the transport history and the invoice upload share. */
export function cargaColumns<Row extends CargaRow>(t: TFunction): DataTableColumn<Row>[] {
  return [
    {
      id: 'bultos',
      header: t('transportes.columnas.bultos'),
      cell: (row) => formatInteger(row.bultos),
      align: 'right',
      width: 80,
    },
    {
      id: 'peso',
      header: t('transportes.columnas.peso'),
      cell: (row) => formatKg(row.peso_kg),
      align: 'right',
      width: 100,
    },
    {
      id: 'precio',
      header: t('transportes.columnas.precio'),
      cell: (row) => formatCents(row.importe_centimos),
      align: 'right',
      width: 110,
    },
    {
      id: 'estado',
      header: t('transportes.columnas.estado'),
      cell: (row) => <TransporteEstadoBadge estado={row.estado} />,
      width: 120,
    },
  ];
}
