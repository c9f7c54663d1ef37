import type { FacturaProveedorResumen } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { FilterBar, FilterDates, StatusFilter } from '../../../components/filter-bar';
import { PageTitle } from '../../../components/page-title';
import { formatCents, formatDate } from '../../../lib/format';
import { useSearchFilters } from '../../../lib/use-search-param';
import { useFacturas } from '../api/get-facturas';
import { FacturaDetalle } from '../components/factura-detalle';
import { FacturaEstadoBadge } from '../components/factura-estado-badge';
import { facturasExportUrls } from '../api/export-facturas';
import { FACTURA_ESTADOS, facturasQuery, parseFacturasQuery } from '../facturas-filtros';

/** Supplier invoice history (/proveedores/facturas). */
export function HistoricoFacturasPage() {
  const { t } = useTranslation();
  const [filtros, setFiltros] = useSearchFilters(parseFacturasQuery, facturasQuery);
  const table = usePagedTable(useFacturas(filtros));

  const columns = useMemo<DataTableColumn<FacturaProveedorResumen>[]>(
    () => [
      {
        id: 'serie',
        header: t('facturasProveedor.columnas.serie'),
        cell: (row) => row.serie ?? '',
        width: 80,
      },
      {
        id: 'numero',
        header: t('facturasProveedor.columnas.numero'),
        cell: (row) => row.numero,
      },
      {
        id: 'fecha',
        header: t('facturasProveedor.columnas.fechaEmision'),
        cell: (row) => formatDate(row.fecha_emision),
        width: 120,
      },
      {
        id: 'vto',
        header: t('facturasProveedor.columnas.vto'),
        cell: (row) => formatDate(row.vto),
        width: 110,
      },
      {
        id: 'base',
        header: t('facturasProveedor.columnas.base'),
        cell: (row) => formatCents(row.base_imponible_centimos),
        align: 'right',
      },
      {
        id: 'iva',
        header: t('facturasProveedor.columnas.iva'),
        cell: (row) => formatCents(row.iva_centimos),
        align: 'right',
      },
      {
        id: 'importe',
        header: t('facturasProveedor.columnas.importe'),
        cell: (row) => formatCents(row.importe_centimos),
        align: 'right',
      },
      {
        id: 'pagada',
        header: t('facturasProveedor.columnas.pagada'),
        cell: (row) => (
          <Badge color={row.pagada ? 'green' : 'gray'} variant={row.pagada ? 'filled' : 'light'}>
            {row.pagada ? t('facturasProveedor.si') : t('facturasProveedor.no')}
          </Badge>
        ),
        align: 'center',
        width: 90,
      },
      {
        id: 'estado',
        header: t('facturasProveedor.columnas.estado'),
        cell: (row) => <FacturaEstadoBadge estado={row.estado} />,
        width: 130,
      },
    ],
    [t],
  );

  const hasFilters = Object.values(filtros).some((v) => v !== undefined);

  return (
    <>
      <PageTitle>{t('routes.proveedor-facturas.title')}</PageTitle>
      <FilterBar
        clearLabel={t('facturasProveedor.filtros.limpiar')}
        onClear={() => setFiltros({})}
        hasFilters={hasFilters}
      >
        <FilterDates
          label={t('facturasProveedor.filtros.fechas')}
          value={filtros}
          onChange={setFiltros}
        />
        <StatusFilter
          label={t('facturasProveedor.filtros.estado')}
          estados={FACTURA_ESTADOS}
          estadoLabel={(estado) => t(`facturasProveedor.estado.${estado}`)}
          todosLabel={t('facturasProveedor.filtros.todos')}
          value={filtros.estado}
          onChange={(estado) => setFiltros({ ...filtros, estado })}
        />
      </FilterBar>
      <DataTable
        tableId="facturas-proveedor-historico"
        {...table}
        columns={columns}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => t('facturasProveedor.fila', { numero: row.numero })}
        label={t('facturasProveedor.tabla')}
        emptyMessage={t('facturasProveedor.vacio')}
        renderDetail={(row) => <FacturaDetalle facturaId={row.id} />}
        exportUrls={facturasExportUrls(filtros)}
      />
    </>
  );
}
