import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { SectionCard } from '../../../components/section-card';
import { isApiRequestError } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/format';
import { archivoDownloadUrl, useArchivoInfo } from '../api/get-archivo-info';
import { ErrorAlert } from '../../../components/error-alert';

/** Bytes in Spanish units: 2048 → "2 KB", 1572864 → "1,5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatInteger(bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = value.toLocaleString('es-ES', { maximumFractionDigits: value < 10 ? 1 : 0 });
  return `${text} ${units[unit]}`;
}

/**
 * Images get an inline preview (same origin, allowed by the CSP's default-src 'self'; an <img>
 * ignores the download's `attachment`). PDFs do not: the server sends every file as an
 * attachment with `frame-ancestors 'none'`, so an iframe would only start a second download.
 */
function hasPreview(mime: string): boolean {
  return /^image\/(png|jpeg|gif|webp)$/.test(mime);
}

/** A customer file (/clientes/file/:archivoId): details, download and a preview. */
export function ArchivoPage() {
  const { t } = useTranslation();
  const { archivoId = '' } = useParams();
  const valid = /^\d{1,15}$/.test(archivoId);
  const info = useArchivoInfo(valid ? Number(archivoId) : undefined);

  let body;
  if (
    !valid ||
    (info.isError && isApiRequestError(info.error) && [400, 404].includes(info.error.status))
  ) {
    body = <EmptyState message={t('archivo.noExiste')} icon={<IconFileOff stroke={1.5} />} />;
  } else if (info.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-label={t('archivo.cargando')}>
        <Skeleton height={90} />
        <Skeleton height={300} />
      </Stack>
    );
  } else if (info.isError) {
    body = (
      <ErrorAlert onRetry={() => void info.refetch()} retrying={info.isFetching}>
        {info.error.message}
      </ErrorAlert>
    );
  } else {
    const archivo = info.data;
    const url = archivoDownloadUrl(archivo.id);
    const preview = hasPreview(archivo.mime);
    const datos: Array<[string, string]> = [
      [t('archivo.nombre'), archivo.nombre],
      [t('archivo.tipo'), t(`archivo.tipos.${archivo.tipo}`, { defaultValue: archivo.tipo })],
      [t('archivo.formato'), archivo.mime],
      [t('archivo.tamano'), formatBytes(archivo.tamano_bytes)],
    ];
    body = (
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 4 }}
              spacing="md"
              component="dl"
              m={0}
              style={{ flex: 1 }}
            >
              {datos.map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" size="xs" c="gray.7">
                    {label}
                  </Text>
                  <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Button
              component="a"
              href={url}
              download={archivo.nombre}
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {t('archivo.descargar')}
            </Button>
          </Group>
        </Paper>
        {preview && (
          <SectionCard id="archivo-preview" title={t('archivo.vistaPrevia')}>
            <img
              src={url}
              alt={t('archivo.vistaPreviaDe', { nombre: archivo.nombre })}
              style={{ maxWidth: '100%', height: 'auto', display: 'block' }}
            />
          </SectionCard>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle>{t('routes.cliente-archivo.title')}</PageTitle>
      {body}
    </>
  );
}
