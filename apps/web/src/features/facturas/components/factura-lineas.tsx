import type { Factura, FacturaLinea } from '@extranet/contracts/facturas/factura';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ErrorAlert } from '../../../components/error-alert';
import { InlineLoader } from '../../../components/inline-status';
import { formatCents, formatInteger } from '../../../lib/format';
import { useFactura } from '../api/get-factura';

/** The lines of an invoice (fetched when its row is expanded). */
export function FacturaLineas({ factura }: { factura: Factura }) {
  const { t } = useTranslation();
  const detalle = useFactura(factura.id);
  const columns = useMemo<DataTableColumn<FacturaLinea>[]>(
    () => [
      { id: 'concepto', header: t('facturas.linea.concepto'), cell: (l) => l.concepto },
      {
        id: 'partida',
        header: t('facturas.linea.partida'),
        cell: (l) => l.partida ?? '',
        width: 110,
      },
      {
        id: 'precio',
        header: t('facturas.linea.precio'),
        cell: (l) => formatCents(l.precio_centimos),
        align: 'right',
        width: 120,
      },
      {
        id: 'cantidad',
        header: t('facturas.linea.cantidad'),
        cell: (l) => formatInteger(l.cantidad),
        align: 'right',
        width: 90,
      },
      {
        id: 'importe',
        header: t('facturas.linea.importe'),
        cell: (l) => formatCents(l.importe_centimos),
        align: 'right',
        width: 120,
      },
    ],
    [t],
  );
  const label = t('facturas.lineas', { serie: factura.serie, numero: factura.numero });

  if (detalle.isPending) return <InlineLoader label={t('facturas.cargandoLineas')} />;
  if (detalle.isError)
    return <ErrorAlert onRetry={() => void detalle.refetch()}>{detalle.error.message}</ErrorAlert>;
  return (
    <DataTable
      tableId="factura-lineas"
      data={detalle.data.lineas}
      columns={columns}
      getRowId={(l) => String(l.id)}
      getRowLabel={(l) => l.concepto}
      label={label}
      emptyMessage={t('facturas.sinLineas')}
      maxHeight="none"
    />
  );
}
