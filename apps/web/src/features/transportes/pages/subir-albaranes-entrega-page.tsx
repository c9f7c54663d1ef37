import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListStates } from '../../../components/list-states';
import { PageTitle } from '../../../components/page-title';
import { SkeletonList } from '../../../components/skeleton-list';
import { formatCents, formatDate } from '../../../lib/format';
import { useAlbaranesPendientes } from '../api/get-albaranes-pendientes';
import { SubpartidaUpload } from '../components/subpartida-upload';
import { EnlaceConductorButton } from '../components/enlace-conductor';
import { TransporteEstadoBadge } from '../components/transporte-estado-badge';
import { UploadFiltersForm } from '../components/upload-filters-form';
import {
  parseAlbaranesEntregaFilters,
  type AlbaranesEntregaFilters,
  type SubirFacturasFilters,
} from '../upload-filters';
import { defaultOpened, uploadFiltersQuery } from '../upload-query';

/** Route loader: the page's filters from its query (re-run on every query change). */
export function subirAlbaranesEntregaLoader({
  request,
}: LoaderFunctionArgs): AlbaranesEntregaFilters {
  return parseAlbaranesEntregaFilters(new URL(request.url).searchParams);
}

/** Delivery-note (CMR) upload (/proveedores/subir-albaranes-entrega). */
export function SubirAlbaranesEntregaPage() {
  const { t } = useTranslation();
  const filters = useLoaderData<AlbaranesEntregaFilters>();
  const [, setSearchParams] = useSearchParams();
  const query = useAlbaranesPendientes(filters);
  const transportes = useMemo(
    () => query.data?.pages.flatMap((page) => page.items) ?? [],
    [query.data],
  );
  // The user's own choice once they open or close a transport; until then the default.
  const [chosen, setChosen] = useState<string[] | null>(null);
  const opened = chosen ?? defaultOpened(transportes, filters.opened);

  const setFilters = useCallback(
    (next: SubirFacturasFilters) => {
      setChosen(null);
      setSearchParams(uploadFiltersQuery({ ...next, opened: filters.opened }), { replace: true });
    },
    [setSearchParams, filters.opened],
  );

  const content = (
    <ListStates
      query={query}
      items={transportes}
      loading={
        <SkeletonList count={4} height={56} radius="sm" gap="sm" label={t('albaranes.cargando')} />
      }
      empty={<EmptyState message={t('albaranes.vacio')} />}
    >
      {(items) => (
        <>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {t('albaranes.total', { count: items.length })}
            {query.hasNextPage ? ` ${t('tabla.more')}` : ''}
          </Text>
          <Accordion
            multiple
            variant="separated"
            value={opened}
            onChange={setChosen}
            chevronPosition="left"
          >
            {items.map((transporte) => (
              <Accordion.Item key={transporte.id} value={String(transporte.id)}>
                <Accordion.Control>
                  <Group gap="xs" wrap="wrap" justify="space-between">
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {t('albaranes.cabecera', {
                          id: transporte.id,
                          ref: transporte.referencia,
                        })}
                      </Text>
                      <Text size="sm">
                        {transporte.origen_poblacion} → {transporte.destino_poblacion}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('albaranes.fechas', {
                          carga: formatDate(transporte.fecha_carga),
                          descarga: formatDate(transporte.fecha_descarga),
                        })}
                        {transporte.matricula ? ` · ${transporte.matricula}` : ''}
                        {` · ${formatCents(transporte.importe_centimos)}`}
                      </Text>
                    </Stack>
                    <Group gap="xs">
                      <TransporteEstadoBadge estado={transporte.estado} />
                      <Badge color="orange" variant="light">
                        {t('albaranes.pendientes', { count: transporte.subpartidas.length })}
                      </Badge>
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="sm">
                    {transporte.subpartidas.map((subpartida) => (
                      <SubpartidaUpload
                        key={subpartida.id}
                        subpartida={subpartida}
                        referencia={transporte.referencia}
                      />
                    ))}
                    {/* The driver can photograph the CMRs from the phone link (issue 17). */}
                    {transporte.estado !== 'anulado' && transporte.estado !== 'entregado' && (
                      <Group>
                        <EnlaceConductorButton transporteId={transporte.id} />
                      </Group>
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {query.hasNextPage && (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                {t('albaranes.cargarMas')}
              </Button>
            </Group>
          )}
        </>
      )}
    </ListStates>
  );

  return (
    <>
      <PageTitle>{t('routes.proveedor-subir-albaranes-entrega.title')}</PageTitle>
      <UploadFiltersForm value={filters} onChange={setFilters} />
      {content}
    </>
  );
}
