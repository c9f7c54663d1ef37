import { Grid, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CircuitoSeguridadButton } from '../../../components/circuito-seguridad-button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { SectionCard } from '../../../components/section-card';
import { isApiRequestError } from '../../../lib/api-client';
import { usePortalContext } from '../../../lib/portal-context';
import { PorteAcciones } from '../../../lib/porte-acciones';
import { useTracking } from '../api/get-tracking';
import { trackingAddress } from '../api/prefetch-tracking';
import { ParadasPrevistas } from '../components/paradas-previstas';
import { PorteResumen } from '../components/porte-resumen';
import { TrackingBusqueda } from '../components/tracking-busqueda';
import { TrackingDocumentos } from '../components/tracking-documentos';
import { TrackingEcmr } from '../components/tracking-ecmr';
import { TrackingEnCurso } from '../components/tracking-en-curso';
import { TrackingMapa } from '../components/tracking-mapa';
import { TrackingTimeline } from '../components/tracking-timeline';

function TrackingDetalleView({ partida }: { partida: string }) {
  const { t } = useTranslation();
  const tracking = useTracking(partida);

  if (tracking.isPending) {
    return (
      <Stack gap="md" aria-busy="true" role="status" aria-label={t('tracking.cargando')}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={260} radius="md" />
      </Stack>
    );
  }
  if (tracking.isError) {
    const notFound = isApiRequestError(tracking.error) && tracking.error.status === 404;
    return (
      <ErrorAlert
        onRetry={notFound ? undefined : () => void tracking.refetch()}
        retrying={tracking.isFetching}
      >
        {notFound ? t('tracking.noEncontrado', { partida }) : tracking.error.message}
      </ErrorAlert>
    );
  }
  const detalle = tracking.data;
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <PorteAcciones porte={detalle} />
      </Group>
      <PorteResumen porte={detalle} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard id="tracking-paradas" title={t('tracking.paradas')}>
            {detalle.paradas.length === 0 ? (
              <EmptyState message={t('tracking.sinParadas')} />
            ) : (
              <TrackingTimeline paradas={detalle.paradas} />
            )}
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {detalle.paradas_previstas.length > 0 && (
              <SectionCard id="tracking-previstas" title={t('tracking.paradasPrevistas')}>
                <ParadasPrevistas paradas={detalle.paradas_previstas} />
              </SectionCard>
            )}
            <SectionCard id="tracking-ruta" title={t('tracking.ruta')}>
              <TrackingMapa detalle={detalle} />
            </SectionCard>
            <SectionCard id="tracking-docs" title={t('tracking.documentos')}>
              <TrackingDocumentos documentos={detalle.documentos} />
            </SectionCard>
            {detalle.ecmr.length > 0 && (
              <SectionCard id="tracking-ecmr" title={t('ecmr.tracking.titulo')}>
                <TrackingEcmr partida={detalle.partida} ecmr={detalle.ecmr} />
              </SectionCard>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Shipment tracking; serves both /clientes/tracking and /clientes/tracking-porte (spec §2). */
export function TrackingPage() {
  const { t } = useTranslation();
  const accessSuffix = usePortalContext()?.accessSuffix ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const { partida, q } = trackingAddress(useParams(), searchParams);

  const hrefFor = (p: string) =>
    `/clientes/tracking-porte/${encodeURIComponent(p)}${accessSuffix}${q ? `?${new URLSearchParams({ q })}` : ''}`;

  return (
    <>
      <PageTitle actions={<CircuitoSeguridadButton />}>
        {t('routes.cliente-tracking.title')}
      </PageTitle>
      <Stack gap="lg">
        <TrackingBusqueda
          q={q}
          selected={partida}
          hrefFor={hrefFor}
          onSearch={(next) => {
            const params = new URLSearchParams(searchParams);
            if (next) params.set('q', next);
            else params.delete('q');
            setSearchParams(params, { replace: true });
          }}
        />
        {partida !== '' ? (
          <TrackingDetalleView partida={partida} />
        ) : (
          // Issue 17: the customer lands on the shipments in progress, not on an empty search.
          q === '' && (
            <TrackingEnCurso hrefFor={hrefFor} portesHref={`/clientes/portes${accessSuffix}`} />
          )
        )}
      </Stack>
    </>
  );
}
