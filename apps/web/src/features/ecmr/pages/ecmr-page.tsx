import { downloadEcmrPdf } from '@extranet/contracts/ecmr/endpoints';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEdit, IconExternalLink, IconVersions } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EcmrEstadoBadge } from '../../../components/ecmr-estado-badge';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { InlineLoader } from '../../../components/inline-status';
import { PageTitle } from '../../../components/page-title';
import { isApiRequestError } from '../../../lib/api-client';
import { endpointUrl } from '../../../lib/endpoint-client';
import { useCrearEcmr, useEcmr } from '../api/ecmr-proveedor';
import { FirmasLista } from '../components/firmas-lista';
import { NotaCasillas } from '../components/nota-casillas';
import { VersionesEcmr } from '../components/versiones-ecmr';

// The note's form (its inputs, date pickers and form library) loads on "Editar" or "Nueva
// versión", not with the page (issue 21).
const NotaForm = lazy(() =>
  import('../components/nota-form').then((module) => ({ default: module.NotaForm })),
);

/**
 * The carrier's e-CMR of one leg (issue 18): the note by the CMR's boxes, its form (in place
 * until the first signature, "Nueva versión" after it), the signatures, the versions with
 * their diffs, and the PDF.
 */
export function EcmrPage() {
  const { t } = useTranslation();
  const subpartidaId = Number(useParams().subpartidaId);
  const ecmr = useEcmr(subpartidaId);
  const crear = useCrearEcmr(subpartidaId);
  const [editando, setEditando] = useState(false);

  if (ecmr.isPending) {
    return (
      <>
        <PageTitle>{t('routes.proveedor-ecmr.title')}</PageTitle>
        <InlineLoader label={t('ecmr.cargando')} />
      </>
    );
  }
  if (ecmr.isError) {
    const sinNota = isApiRequestError(ecmr.error) && ecmr.error.status === 404;
    return (
      <>
        <PageTitle>{t('routes.proveedor-ecmr.title')}</PageTitle>
        {sinNota ? (
          <EmptyState message={t('ecmr.sinEcmr')}>
            <Text size="sm" c="gray.7" ta="center" maw={480}>
              {t('ecmr.sinEcmrAyuda')}
            </Text>
            {crear.isError && <ErrorAlert>{crear.error.message}</ErrorAlert>}
            <Button onClick={() => crear.mutate()} loading={crear.isPending}>
              {t('ecmr.crear')}
            </Button>
          </EmptyState>
        ) : (
          <Stack gap="sm" align="flex-start">
            <ErrorAlert>{ecmr.error.message}</ErrorAlert>
            <Button variant="default" onClick={() => void ecmr.refetch()}>
              {t('ecmr.reintentar')}
            </Button>
          </Stack>
        )}
      </>
    );
  }

  const d = ecmr.data;
  const firmado = d.firmas.length > 0;
  return (
    <>
      <PageTitle>{t('ecmr.titulo', { numero: d.numero })}</PageTitle>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <EcmrEstadoBadge estado={d.estado} />
            <Text size="sm">{t('ecmr.version', { version: d.version })}</Text>
            <Text size="sm" c="gray.7">
              {t('ecmr.subtitulo', {
                transporte: d.contenido.referencias.transporte,
                subpartida: d.contenido.referencias.subpartida,
              })}
            </Text>
          </Group>
          <Group gap="sm" wrap="wrap">
            <Button
              component="a"
              href={endpointUrl(downloadEcmrPdf, { params: { id: subpartidaId } })}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('ecmr.descargarPdf')}
            </Button>
            <Anchor
              href={d.verificacion_url}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
            >
              {t('ecmr.verificar')}
              <IconExternalLink size={14} aria-hidden />
            </Anchor>
          </Group>
        </Group>

        <section aria-labelledby="ecmr-nota">
          <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
            <Title order={2} size="h4" id="ecmr-nota">
              {t('ecmr.nota')}
            </Title>
            {d.editable && !editando && (
              <Button
                onClick={() => setEditando(true)}
                leftSection={
                  firmado ? (
                    <IconVersions size={16} aria-hidden />
                  ) : (
                    <IconEdit size={16} aria-hidden />
                  )
                }
              >
                {firmado ? t('ecmr.nuevaVersion') : t('ecmr.editar')}
              </Button>
            )}
          </Group>
          {!d.editable && (
            <Alert color="gray" variant="light" mb="sm">
              {t('ecmr.noEditable')}
            </Alert>
          )}
          {editando ? (
            <Suspense fallback={<InlineLoader label={t('app.loading')} />}>
              <NotaForm key={d.documento_sha256} detalle={d} onClose={() => setEditando(false)} />
            </Suspense>
          ) : (
            <NotaCasillas nota={d.contenido} />
          )}
        </section>

        <section aria-labelledby="ecmr-firmas">
          <Title order={2} size="h4" id="ecmr-firmas" mb="sm">
            {t('ecmr.firmas.titulo')}
          </Title>
          <FirmasLista firmas={d.firmas} />
        </section>

        <section aria-labelledby="ecmr-versiones">
          <Title order={2} size="h4" id="ecmr-versiones" mb="sm">
            {t('ecmr.versiones.titulo')}
          </Title>
          <VersionesEcmr subpartidaId={subpartidaId} versionActual={d.version} firmas={d.firmas} />
        </section>
      </Stack>
    </>
  );
}
