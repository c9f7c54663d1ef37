import type { TransporteResumen } from '@extranet/contracts/transportes/transporte';
import { Text } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { InlineLoader } from '../../../components/inline-status';
import { PageTitle } from '../../../components/page-title';
import { useSearchFilters } from '../../../lib/use-search-param';
import { transportesExportUrls } from '../api/export-transportes';
import { useTransportes } from '../api/get-transportes';
import { cargaColumns, transporteColumns } from '../components/carga-columns';
import { TransportesFilters } from '../components/transportes-filters';
import { historicoQuery, parseHistoricoQuery } from '../historico-filters';

// A row's detail (its subpartidas, CMRs and driver link) loads when a row is first expanded,
// not with the list (issue 21).
const SubpartidasDetalle = lazy(() =>
  import('../components/subpartidas-detalle').then((module) => ({
    default: module.SubpartidasDetalle,
  })),
);

/** Supplier transport history (/proveedores/transportes). */
export function HistoricoTransportesPage() {
  const { t } = useTranslation();
  const [filtros, setFiltros] = useSearchFilters(parseHistoricoQuery, historicoQuery);
  const table = usePagedTable(useTransportes(filtros));

  const columns = useMemo<DataTableColumn<TransporteResumen>[]>(() => {
    const transporte = transporteColumns<TransporteResumen>(t);
    return [
      transporte.id,
      transporte.vehiculo,
      {
        id: 'conductor',
        header: t('transportes.columnas.conductor'),
        cell: (row) => row.conductor ?? '',
        // Below 1600 px the status and incident fit without the driver, packages and weight
        // (issue 20 point 3); cards, the detail and the export keep them.
        showFrom: 'xxl',
      },
      transporte.carga,
      {
        id: 'origen',
        header: t('transportes.columnas.origen'),
        wrap: true,
        cell: (row) => `${row.origen_poblacion} (${row.origen_pais_iso})`,
      },
      {
        id: 'destino',
        header: t('transportes.columnas.destino'),
        wrap: true,
        cell: (row) => `${row.destino_poblacion} (${row.destino_pais_iso})`,
      },
      ...cargaColumns(t).map((column) =>
        column.id === 'bultos' || column.id === 'peso'
          ? { ...column, showFrom: 'xxl' as const }
          : column,
      ),
      {
        id: 'incidencia',
        header: t('transportes.columnas.incidencia'),
        // A long note wraps rather than push the table wider than the screen.
        wrap: true,
        cell: (row) =>
          row.incidencia ? (
            <Text size="sm" c="red.8">
              {row.incidencia}
            </Text>
          ) : (
            ''
          ),
      },
    ];
  }, [t]);

  return (
    <>
      <PageTitle>{t('routes.proveedor-transportes.title')}</PageTitle>
      <TransportesFilters value={filtros} onChange={setFiltros} />
      <DataTable
        tableId="transportes-historico"
        {...table}
        columns={columns}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => t('transportes.fila', { id: row.id })}
        label={t('transportes.tabla')}
        emptyMessage={t('transportes.vacio')}
        renderDetail={(row) => (
          // The detail's own loading state while its code arrives.
          <Suspense fallback={<InlineLoader label={t('transportes.subpartidas.cargando')} />}>
            <SubpartidasDetalle transporteId={row.id} />
          </Suspense>
        )}
        exportUrls={transportesExportUrls(filtros)}
        // What a two-line row measures (51.5 px): a wrong estimate moves the rows below once
        // they are measured, a layout shift Lighthouse counts (CLS 0.13 with 58).
        estimateRowHeight={52}
      />
    </>
  );
}
