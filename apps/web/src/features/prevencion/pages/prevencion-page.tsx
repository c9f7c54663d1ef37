import type { PrevencionDocumento } from '@extranet/contracts/prevencion/prevencion';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorAlert } from '../../../components/error-alert';
import { ListStates } from '../../../components/list-states';
import { PageTitle } from '../../../components/page-title';
import { SkeletonList } from '../../../components/skeleton-list';
import { formatDate, formatDateTime } from '../../../lib/format';
import { prevencionArchivoUrl } from '../api/archivo-url';
import { useMarcarLeido } from '../api/marcar-leido';
import { usePrevencion } from '../api/get-prevencion';

function DocumentoCard({ documento }: { documento: PrevencionDocumento }) {
  const { t } = useTranslation();
  const marcar = useMarcarLeido();
  const headingId = `prevencion-${documento.id}`;
  // `leido_at` is an instant: its calendar day in the user's time zone.
  const leidoEl = documento.leido_at ? formatDateTime(documento.leido_at).slice(0, 10) : null;

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {documento.titulo}
          </Title>
          {documento.obligatorio && (
            <Badge variant="outline" color="blue">
              {t('prevencion.obligatorio')}
            </Badge>
          )}
        </Group>
        {documento.descripcion && <Text size="sm">{documento.descripcion}</Text>}
        <Text size="sm" c="dimmed">
          {t('prevencion.publicado', { fecha: formatDate(documento.publicado_at) })}
        </Text>
        {marcar.isError && <ErrorAlert>{marcar.error.message}</ErrorAlert>}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {leidoEl ? (
            // green.9 on white is 4.4:1, under WCAG AA's 4.5:1: the same green 20 % darker.
            <Group gap={6} c="#226e32">
              <IconCheck size={18} aria-hidden />
              <Text size="sm" fw={600}>
                {t('prevencion.leido', { fecha: leidoEl })}
              </Text>
            </Group>
          ) : (
            // orange.9 on white is 4.3:1, under WCAG AA: the darker orange of retraso-text (5.5:1).
            <Text size="sm" c="#b34700" fw={600}>
              {t('prevencion.pendiente')}
            </Text>
          )}
          <Group gap="xs">
            {documento.tiene_archivo && (
              <Button
                component="a"
                href={prevencionArchivoUrl(documento.id)}
                download
                variant="default"
                leftSection={<IconFileTypePdf size={16} aria-hidden />}
                aria-label={t('prevencion.abrirAria', { titulo: documento.titulo })}
              >
                {t('prevencion.abrir')}
              </Button>
            )}
            {!documento.leido_at && (
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={marcar.isPending}
                onClick={() =>
                  marcar.mutate(documento.id, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        message: t('prevencion.confirmado', { titulo: documento.titulo }),
                      }),
                  })
                }
                aria-label={t('prevencion.confirmarAria', { titulo: documento.titulo })}
              >
                {t('prevencion.confirmar')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Risk-prevention documents (/proveedores/prevencion): open each and acknowledge it. */
export function PrevencionPage() {
  const { t } = useTranslation();
  const query = usePrevencion();

  const content = (
    <ListStates
      query={query}
      items={query.data?.items}
      loading={<SkeletonList count={3} height={140} />}
      empty={<EmptyState message={t('prevencion.vacio')} />}
    >
      {(items) => {
        const pendientes = items.filter((d) => d.obligatorio && !d.leido_at).length;
        return (
          <Stack gap="md">
            {pendientes > 0 && (
              <Alert color="orange" variant="light">
                {t('prevencion.pendientesObligatorios', { count: pendientes })}
              </Alert>
            )}
            {items.map((documento) => (
              <DocumentoCard key={documento.id} documento={documento} />
            ))}
          </Stack>
        );
      }}
    </ListStates>
  );

  return (
    <>
      <PageTitle>{t('routes.proveedor-prevencion.title')}</PageTitle>
      {content}
    </>
  );
}
