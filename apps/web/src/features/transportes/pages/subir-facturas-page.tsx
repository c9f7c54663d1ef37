import type { TransporteSinFactura } from '@extranet/contracts/transportes/documentos-pendientes';
import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/format';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useTransportesSinFactura } from '../api/get-transportes-sin-factura';
import { cargaColumns, transporteColumns } from '../components/carga-columns';
import { UploadFiltersForm } from '../components/upload-filters-form';
import { parseSubirFacturasFilters, type SubirFacturasFilters } from '../upload-filters';
import { uploadFiltersQuery } from '../upload-query';

// The invoice form (its file drop zone, amount and date inputs) loads on "Subir factura", not
// with the list (issue 21).
const FacturaModal = lazy(() =>
  import('../components/factura-modal').then((module) => ({ default: module.FacturaModal })),
);

/** Route loader: the page's filters from its query (re-run on every query change). */
export function subirFacturasLoader({ request }: LoaderFunctionArgs): SubirFacturasFilters {
  return parseSubirFacturasFilters(new URL(request.url).searchParams);
}

/** Invoice upload for transports (/proveedores/subir-facturas): check rows, upload one PDF. */
export function SubirFacturasPage() {
  const { t } = useTranslation();
  const filters = useLoaderData<SubirFacturasFilters>();
  const [, setSearchParams] = useSearchParams();
  const table = usePagedTable(useTransportesSinFactura(filters));
  const rows = table.data;
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [modalOpen, setModalOpen] = useState(false);
  const modalUsado = useOpenedOnce(modalOpen);

  // Only rows still in the list count (a refetch may have removed some).
  const selected = useMemo(() => {
    const ids = new Set(selectedIds);
    return rows.filter((row) => ids.has(String(row.id)));
  }, [rows, selectedIds]);

  const setFilters = useCallback(
    (next: SubirFacturasFilters) => {
      setSelectedIds([]);
      setSearchParams(uploadFiltersQuery(next), { replace: true });
    },
    [setSearchParams],
  );

  const columns = useMemo<DataTableColumn<TransporteSinFactura>[]>(() => {
    const transporte = transporteColumns<TransporteSinFactura>(t);
    return [
      transporte.id,
      transporte.vehiculo,
      transporte.carga,
      {
        id: 'descarga',
        header: t('transportes.columnas.descarga'),
        cell: (row) => formatDate(row.fecha_descarga),
        width: 110,
      },
      {
        id: 'origen',
        header: t('transportes.columnas.origen'),
        wrap: true,
        cell: (row) => row.origen_poblacion,
      },
      {
        id: 'destino',
        header: t('transportes.columnas.destino'),
        wrap: true,
        cell: (row) => row.destino_poblacion,
      },
      ...cargaColumns(t),
    ];
  }, [t]);

  return (
    <>
      <PageTitle>{t('routes.proveedor-subir-facturas.title')}</PageTitle>
      <UploadFiltersForm value={filters} onChange={setFilters} />
      <DataTable
        tableId="transportes-sin-factura"
        {...table}
        columns={columns}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => t('transportes.fila', { id: row.id })}
        label={t('subirFacturas.tabla')}
        emptyMessage={t('subirFacturas.vacio')}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        selectionAction={
          <Button
            leftSection={<IconFileInvoice size={16} aria-hidden />}
            onClick={() => setModalOpen(true)}
            disabled={selected.length === 0}
            size="sm"
          >
            {t('subirFacturas.subir')}
          </Button>
        }
      />
      {modalUsado && (
        <Suspense fallback={null}>
          <FacturaModal
            transportes={selected}
            opened={modalOpen && selected.length > 0}
            onClose={() => setModalOpen(false)}
            onUploaded={() => {
              setModalOpen(false);
              setSelectedIds([]);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
