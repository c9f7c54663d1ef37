import type { Factura, FacturaEstado } from '@extranet/contracts/facturas/factura';
import { Anchor, Badge, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { usePagedTable } from '../../../components/data-table/use-paged-table';
import { PageTitle } from '../../../components/page-title';
import { formatCents, formatDate } from '../../../lib/format';
import { useSearchParam } from '../../../lib/use-search-param';
import { facturaPdfUrl } from '../api/get-factura';
import { useFacturas } from '../api/get-facturas';
import { FacturaLineas } from '../components/factura-lineas';
import { estadoDeFiltro, filtroDeUrl, FILTROS_FACTURA } from '../filtro';

const ESTADO_COLOR: Record<FacturaEstado, string> = {
  pagada: 'green.9',
  pendiente: 'gray.7',
  vencida: 'red.9',
};

/** Customer invoices (/clientes/facturas): paid / due / overdue filter, lines and PDF. */
export function FacturasPage() {
  const { t } = useTranslation();
  const [filtroPedido, setFiltro] = useSearchParam('filtro', 'todas');
  const filtro = filtroDeUrl(filtroPedido);
  const table = usePagedTable(useFacturas(estadoDeFiltro(filtro)));

  const columns = useMemo<DataTableColumn<Factura>[]>(
    () => [
      { id: 'serie', header: t('facturas.col.serie'), cell: (f) => f.serie, width: 80 },
      {
        id: 'numero',
        header: t('facturas.col.numero'),
        cell: (f) => f.numero,
        align: 'right',
        width: 90,
      },
      {
        id: 'emision',
        header: t('facturas.col.fechaEmision'),
        cell: (f) => formatDate(f.fecha_emision),
        width: 120,
      },
      { id: 'vto', header: t('facturas.col.vto'), cell: (f) => formatDate(f.vto), width: 110 },
      {
        id: 'base',
        header: t('facturas.col.baseImponible'),
        cell: (f) => formatCents(f.base_imponible_centimos),
        align: 'right',
      },
      {
        id: 'iva',
        header: t('facturas.col.iva'),
        cell: (f) => <span title={`${f.iva_porcentaje} %`}>{formatCents(f.iva_centimos)}</span>,
        align: 'right',
      },
      {
        id: 'importe',
        header: t('facturas.col.importe'),
        cell: (f) => (
          <Text span fw={600}>
            {formatCents(f.importe_centimos)}
          </Text>
        ),
        align: 'right',
      },
      {
        id: 'pagada',
        header: t('facturas.col.pagada'),
        cell: (f) => (
          <Badge color={ESTADO_COLOR[f.estado]} variant="filled" tt="none" radius="sm">
            {f.pagada
              ? t('facturas.si')
              : f.estado === 'vencida'
                ? t('facturas.estado.vencida')
                : t('facturas.no')}
          </Badge>
        ),
        width: 150,
      },
      {
        id: 'pdf',
        header: t('facturas.col.pdf'),
        cell: (f) => (
          <Anchor
            href={facturaPdfUrl(f.id)}
            download
            aria-label={t('facturas.descargarPdfDe', { serie: f.serie, numero: f.numero })}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
          >
            <IconFileTypePdf size={16} aria-hidden />
            {t('facturas.descargarPdf')}
          </Anchor>
        ),
        hideLabelOnCard: true,
        stickyEnd: true,
      },
    ],
    [t],
  );

  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-facturas.title')}
      </PageTitle>
      <Stack gap="xs" mb="md" align="flex-start">
        <Text id="facturas-filtro" size="sm" fw={500}>
          {t('facturas.filtro')}
        </Text>
        <SegmentedControl
          aria-labelledby="facturas-filtro"
          value={filtro}
          onChange={setFiltro}
          data={FILTROS_FACTURA.map((value) => ({ value, label: t(`facturas.filtros.${value}`) }))}
        />
      </Stack>
      <DataTable
        tableId="facturas"
        {...table}
        columns={columns}
        getRowId={(f) => String(f.id)}
        getRowLabel={(f) => t('facturas.rowLabel', { serie: f.serie, numero: f.numero })}
        label={t('facturas.tabla')}
        emptyMessage={t('facturas.empty')}
        renderDetail={(f) => <FacturaLineas factura={f} />}
      />
    </>
  );
}
