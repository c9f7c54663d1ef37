import type { PorteHistorico } from '@extranet/contracts/portes/porte';
import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { PageTitle } from '../../../components/page-title';
import { PorteEstadoBadge } from '../../../components/porte-estado-badge';
import { formatDate, formatInteger, formatKg } from '../../../lib/format';
import { usePortalContext } from '../../../lib/portal-context';
import { useHayPorteAcciones } from '../../../lib/porte-acciones';
import { historicoExportUrls, useHistorico, type HistoricoFiltros } from '../api/get-historico';
import { toSearchParams } from '../url-query';
import { accionesColumns, partidaColumn } from '../components/porte-columns';

/** Shipment history (/clientes/historico): delivered shipments, date filter in the URL, CSV. */
export function HistoricoPage() {
  const { t } = useTranslation();
  const accessSuffix = usePortalContext()?.accessSuffix ?? '';
  const conAcciones = useHayPorteAcciones();
  const [searchParams, setSearchParams] = useSearchParams();
  const fechaDesde = searchParams.get('fechaDesde') ?? undefined;
  const fechaHasta = searchParams.get('fechaHasta') ?? undefined;
  const filtros = useMemo<HistoricoFiltros>(
    () => ({
      ...(fechaDesde ? { fechaDesde } : {}),
      ...(fechaHasta ? { fechaHasta } : {}),
    }),
    [fechaDesde, fechaHasta],
  );
  const historico = useHistorico(filtros);
  const rows = useMemo(
    () => historico.data?.pages.flatMap((page) => page.items) ?? [],
    [historico.data],
  );
  const range = useMemo(() => ({ desde: fechaDesde, hasta: fechaHasta }), [fechaDesde, fechaHasta]);

  const columns = useMemo<DataTableColumn<PorteHistorico>[]>(
    () => [
      partidaColumn(t, t('historico.col.partida'), accessSuffix),
      {
        id: 'ref',
        header: t('historico.col.refCliente'),
        cell: (p) => p.ref_cliente ?? '',
        wrap: true,
      },
      {
        id: 'origen',
        header: t('historico.col.origen'),
        cell: (p) => `${p.origen_poblacion} (${p.origen_pais_iso})`,
        wrap: true,
      },
      {
        id: 'destino',
        header: t('historico.col.destino'),
        cell: (p) => `${p.destino_poblacion} (${p.destino_pais_iso})`,
        wrap: true,
      },
      {
        id: 'carga',
        header: t('historico.col.cargaPrevista'),
        cell: (p) => formatDate(p.fecha_carga_prevista),
        width: 120,
      },
      {
        id: 'bultos',
        header: t('historico.col.bultos'),
        cell: (p) => formatInteger(p.bultos),
        align: 'right',
        width: 80,
      },
      {
        id: 'peso',
        header: t('historico.col.peso'),
        cell: (p) => formatKg(p.peso_kg),
        align: 'right',
        width: 110,
      },
      {
        id: 'pfact',
        header: t('historico.col.pFacturable'),
        cell: (p) => formatKg(p.p_facturable_kg),
        align: 'right',
        width: 120,
      },
      {
        id: 'estado',
        header: t('historico.col.estado'),
        cell: (p) => <PorteEstadoBadge estado={p.estado} />,
        width: 140,
      },
      {
        id: 'incidencia',
        header: t('historico.col.incidencia'),
        cell: (p) => p.incidencia ?? '',
        wrap: true,
      },
      ...accionesColumns<PorteHistorico>(t('historico.col.acciones'), conAcciones),
    ],
    [t, accessSuffix, conAcciones],
  );

  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-historico.title')}
      </PageTitle>
      <Group mb="md" align="flex-end">
        <DateRangeFilter
          label={t('historico.fechas')}
          value={range}
          onChange={(next) =>
            setSearchParams(toSearchParams({ fechaDesde: next.desde, fechaHasta: next.hasta }), {
              replace: true,
            })
          }
        />
      </Group>
      <DataTable
        tableId="portes-historico"
        data={rows}
        columns={columns}
        getRowId={(p) => String(p.id)}
        getRowLabel={(p) => t('historico.rowLabel', { partida: p.partida })}
        label={t('historico.tabla')}
        loading={historico.isPending}
        error={historico.isError ? historico.error.message : undefined}
        emptyMessage={t('historico.empty')}
        onEndReached={() => void historico.fetchNextPage()}
        hasMore={historico.hasNextPage}
        loadingMore={historico.isFetchingNextPage}
        exportUrls={historicoExportUrls(filtros)}
      />
    </>
  );
}
