import type { PorteActivo } from '@extranet/contracts/portes/porte';
import { Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { PageTitle } from '../../../components/page-title';
import { PorteEstadoBadge } from '../../../components/porte-estado-badge';
import { EstadoEtaBadge } from '../../../components/estado-eta-badge';
import { UltimaPosicion } from '../../../components/ultima-posicion';
import { formatDate, formatHora, formatInteger, formatKg } from '../../../lib/format';
import { usePortalContext } from '../../../lib/portal-context';
import { useHayPorteAcciones } from '../../../lib/porte-acciones';
import { portesExportUrls, usePortes, type PortesFiltros } from '../api/get-portes';
import { toSearchParams } from '../url-query';
import { accionesColumns, partidaColumn } from '../components/porte-columns';
import { PortesFilters } from '../components/portes-filters';
import { RetrasoText } from '../components/retraso-text';

const FILTER_KEYS = [
  'estado',
  'fechaDesde',
  'fechaHasta',
  'origen',
  'destino',
  'q',
  'orden',
] as const;

/** The filters kept in the URL (shareable, survive a reload). */
export function filtrosFromUrl(params: URLSearchParams): PortesFiltros {
  const filtros: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filtros[key] = value;
  }
  return filtros;
}

/** Active shipments (/clientes/portes): filters, sort, and a link to each one's tracking. */
export function PortesPage() {
  const { t } = useTranslation();
  const accessSuffix = usePortalContext()?.accessSuffix ?? '';
  const conAcciones = useHayPorteAcciones();
  const [searchParams, setSearchParams] = useSearchParams();
  const filtros = useMemo(() => filtrosFromUrl(searchParams), [searchParams]);
  const portes = usePortes(filtros);
  const rows = useMemo(() => portes.data?.pages.flatMap((page) => page.items) ?? [], [portes.data]);

  const columns = useMemo<DataTableColumn<PorteActivo>[]>(
    () => [
      partidaColumn(t, t('portes.col.partida'), accessSuffix, true),
      {
        id: 'ref',
        header: t('portes.col.refCliente'),
        cell: (p) => p.ref_cliente ?? '',
        wrap: true,
        // Below 1600 px the status, delay and last position come first (issue 17); the
        // reference, packages and weight stay in the tracking, the phone cards and the export.
        showFrom: 'xxl',
      },
      {
        id: 'estado',
        header: t('portes.col.estado'),
        cell: (p) => <PorteEstadoBadge estado={p.estado} />,
        width: 150,
      },
      {
        id: 'origen',
        header: t('portes.col.origen'),
        cell: (p) => `${p.origen_poblacion} (${p.origen_pais_iso})`,
        wrap: true,
        // Below 1600 px the row's share action needs its room; the customer's own warehouse is
        // usually the origin ("Columnas" shows it again).
        showFrom: 'xxl',
      },
      {
        id: 'destino',
        header: t('portes.col.destino'),
        cell: (p) => `${p.destino_poblacion} (${p.destino_pais_iso})`,
        wrap: true,
      },
      {
        id: 'carga',
        header: t('portes.col.cargaPrevista'),
        cell: (p) => formatDate(p.fecha_carga_prevista),
        width: 110,
        // At 1440 px the delivery date, the delay and the last position need its room.
        showFrom: 'xxl',
      },
      {
        id: 'entrega',
        header: t('portes.col.entregaPrevista'),
        cell: (p) => formatDate(p.fecha_entrega_prevista),
        width: 110,
      },
      {
        id: 'bultos',
        header: t('portes.col.bultos'),
        cell: (p) => formatInteger(p.bultos),
        align: 'right',
        width: 80,
        showFrom: 'xxl',
      },
      {
        id: 'peso',
        header: t('portes.col.peso'),
        cell: (p) => formatKg(p.peso_kg),
        align: 'right',
        width: 100,
        showFrom: 'xxl',
      },
      {
        id: 'ultima',
        header: t('portes.col.ultimaParada'),
        wrap: true,
        // While the driver shares: the last position; else the last reported stop. The km are
        // the shipment's (the same figure as the tracking's "Km hasta destino").
        cell: (p) =>
          p.seguimiento ? (
            <Text size="sm" span>
              <UltimaPosicion at={p.seguimiento.posicion_at} size="sm" />
              {p.kilometros_destino !== null && (
                <Text span size="xs" c="gray.7" display="block">
                  {t('tracking.kmDestino', { km: formatInteger(p.kilometros_destino) })}
                </Text>
              )}
            </Text>
          ) : p.ultima_parada ? (
            <Text size="sm" span>
              {p.ultima_parada.poblacion ?? ''}
              <Text span size="xs" c="gray.7" display="block">
                {formatDate(p.ultima_parada.fecha)} {p.ultima_parada.hora}
                {p.kilometros_destino !== null &&
                  ` · ${t('tracking.kmDestino', { km: formatInteger(p.kilometros_destino) })}`}
              </Text>
            </Text>
          ) : (
            ''
          ),
      },
      {
        id: 'seguimiento',
        header: t('portes.col.seguimiento'),
        cell: (p) =>
          p.seguimiento ? (
            <Stack gap={2} align="flex-start">
              <EstadoEtaBadge estado={p.seguimiento.estado} />
              {p.seguimiento.eta_at && (
                <Text size="xs">
                  {t('seguimiento.eta', { eta: formatHora(p.seguimiento.eta_at) })}
                </Text>
              )}
            </Stack>
          ) : (
            ''
          ),
        width: 130,
      },
      {
        id: 'retraso',
        header: t('portes.col.retraso'),
        // The shipment's delay: the same figure as the tracking's, whatever its source.
        cell: (p) => <RetrasoText minutos={p.retraso} />,
        align: 'right',
        width: 90,
      },
      ...accionesColumns<PorteActivo>(t('portes.col.acciones'), conAcciones),
    ],
    [t, accessSuffix, conAcciones],
  );

  return (
    <>
      <PageTitle>{t('routes.cliente-portes.title')}</PageTitle>
      <PortesFilters
        value={filtros}
        onChange={(next) => setSearchParams(toSearchParams({ ...next }), { replace: true })}
      />
      <DataTable
        tableId="portes-activos"
        data={rows}
        columns={columns}
        getRowId={(p) => String(p.id)}
        getRowLabel={(p) => t('portes.rowLabel', { partida: p.partida })}
        label={t('portes.tabla')}
        loading={portes.isPending}
        error={portes.isError ? portes.error.message : undefined}
        emptyMessage={t('portes.empty')}
        onEndReached={() => void portes.fetchNextPage()}
        hasMore={portes.hasNextPage}
        loadingMore={portes.isFetchingNextPage}
        exportUrls={portesExportUrls(filtros)}
      />
    </>
  );
}
