import { downloadArchivoProveedor } from '@extranet/contracts/archivos/endpoints';
import type { CertificadoTipoEstado } from '@extranet/contracts/certificados/certificado';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { DownloadLink } from '../../../components/inline-status';
import { ListStates } from '../../../components/list-states';
import { PageTitle } from '../../../components/page-title';
import { SkeletonList } from '../../../components/skeleton-list';
import { endpointUrl } from '../../../lib/endpoint-client';
import { formatDate } from '../../../lib/format';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { useCertificados } from '../api/get-certificados';
import { CertificadoEstadoBadge } from '../components/certificado-estado-badge';

// The renewal form (file drop zone, expiry date picker) loads on "Renovar", not with the page
// (issue 21).
const RenovarModal = lazy(() =>
  import('../components/renovar-modal').then((module) => ({ default: module.RenovarModal })),
);

function Vencimiento({ certificado }: { certificado: CertificadoTipoEstado }) {
  const { t } = useTranslation();
  const dias = certificado.dias_restantes;
  if (!certificado.actual || dias === null) {
    return <Text size="sm">{t('certificados.sinCertificado')}</Text>;
  }
  return (
    <Text size="sm">
      {t('certificados.caducidad')}:{' '}
      <strong>{formatDate(certificado.actual.fecha_caducidad)}</strong>{' '}
      <Text span size="sm" c={dias < 0 ? 'red.8' : 'dimmed'}>
        (
        {dias < 0
          ? t('certificados.caducoHace', { count: -dias })
          : t('certificados.caducaEn', { count: dias })}
        )
      </Text>
    </Text>
  );
}

function CertificadoCard({
  certificado,
  onRenovar,
}: {
  certificado: CertificadoTipoEstado;
  onRenovar: () => void;
}) {
  const { t } = useTranslation();
  const headingId = `certificado-${certificado.tipo}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" id={headingId}>
            {certificado.nombre}
          </Title>
          <CertificadoEstadoBadge estado={certificado.estado} />
        </Group>
        <Group gap="xs">
          <Badge variant="outline" color={certificado.obligatorio ? 'blue' : 'gray'}>
            {certificado.obligatorio ? t('certificados.obligatorio') : t('certificados.opcional')}
          </Badge>
          {certificado.actual?.fecha_emision && (
            <Text size="sm" c="dimmed">
              {t('certificados.emitido', { fecha: formatDate(certificado.actual.fecha_emision) })}
            </Text>
          )}
        </Group>
        <Vencimiento certificado={certificado} />
        {certificado.historial.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('certificados.historial')}
            </Text>
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {certificado.historial.map((version) => (
                <li key={version.id}>
                  {version.archivo_id ? (
                    <DownloadLink
                      href={endpointUrl(downloadArchivoProveedor, {
                        params: { id: version.archivo_id },
                      })}
                    >
                      {t('certificados.version', {
                        fecha: formatDate(version.fecha_caducidad),
                      })}
                    </DownloadLink>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('certificados.versionSinFichero', {
                        fecha: formatDate(version.fecha_caducidad),
                      })}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button
            variant={certificado.estado === 'valido' ? 'default' : 'filled'}
            leftSection={
              certificado.actual ? (
                <IconRefresh size={16} aria-hidden />
              ) : (
                <IconUpload size={16} aria-hidden />
              )
            }
            onClick={onRenovar}
            aria-label={t(
              certificado.actual ? 'certificados.renovarAria' : 'certificados.subirAria',
              {
                nombre: certificado.nombre,
              },
            )}
          >
            {certificado.actual ? t('certificados.renovar') : t('certificados.subir')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The carrier's certificates (/proveedores/certificados): status per type, renewal, history. */
export function CertificadosPage() {
  const { t } = useTranslation();
  const query = useCertificados();
  const [renovar, setRenovar] = useState<CertificadoTipoEstado | null>(null);
  const renovarUsado = useOpenedOnce(renovar !== null);

  const content = (
    <ListStates
      query={query}
      items={query.data?.items}
      loading={<SkeletonList count={4} height={180} grid />}
      empty={<EmptyState message={t('certificados.vacio')} />}
    >
      {(items) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {items.map((certificado) => (
            <CertificadoCard
              key={certificado.tipo}
              certificado={certificado}
              onRenovar={() => setRenovar(certificado)}
            />
          ))}
        </SimpleGrid>
      )}
    </ListStates>
  );

  return (
    <>
      <PageTitle>{t('routes.proveedor-certificados.title')}</PageTitle>
      <Text size="sm" c="dimmed" mb="md">
        {t('certificados.intro')}
      </Text>
      {content}
      {renovarUsado && (
        <Suspense fallback={null}>
          <RenovarModal certificado={renovar} onClose={() => setRenovar(null)} />
        </Suspense>
      )}
    </>
  );
}
