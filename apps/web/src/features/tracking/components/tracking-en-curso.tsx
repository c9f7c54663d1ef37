import type { PorteActivo } from '@extranet/contracts/portes/porte';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { EstadoEtaBadge } from '../../../components/estado-eta-badge';
import { ListStates } from '../../../components/list-states';
import { PorteEstadoBadge } from '../../../components/porte-estado-badge';
import { UltimaPosicion } from '../../../components/ultima-posicion';
import { formatHora, formatInteger } from '../../../lib/format';
import { useEnCurso } from '../api/get-en-curso';

function Fila({ porte, href }: { porte: PorteActivo; href: string }) {
  const { t } = useTranslation();
  const vivo = porte.seguimiento;
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Anchor component={Link} to={href} fw={600}>
            {t('tracking.partida', { partida: porte.partida })}
          </Anchor>
          <Group gap={6} wrap="wrap">
            <Text size="sm">{porte.origen_poblacion}</Text>
            <IconArrowRight size={14} aria-label={t('tracking.hacia')} />
            <Text size="sm">{porte.destino_poblacion}</Text>
            {porte.ref_cliente && (
              <Text size="sm" c="gray.7">
                · {porte.ref_cliente}
              </Text>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <PorteEstadoBadge estado={porte.estado} />
          {vivo && <EstadoEtaBadge estado={vivo.estado} />}
        </Group>
      </Group>
      {vivo && (
        <Group gap="md" mt={6} wrap="wrap">
          {vivo.eta_at && (
            <Text size="sm" fw={500}>
              {t('tracking.etaEntrega')}: {formatHora(vivo.eta_at)}
            </Text>
          )}
          {porte.kilometros_destino !== null && (
            <Text size="sm">
              {t('tracking.kmDestino', { km: formatInteger(porte.kilometros_destino) })}
            </Text>
          )}
          {porte.retraso > 0 && (
            <Text size="sm" fw={600} c="red.9">
              {t('seguimiento.tarde', { min: formatInteger(porte.retraso) })}
            </Text>
          )}
          <UltimaPosicion at={vivo.posicion_at} size="sm" c="gray.7" />
        </Group>
      )}
    </Paper>
  );
}

/** The client's shipments in progress with status and ETA: the tracking page before a search. */
export function TrackingEnCurso({
  hrefFor,
  portesHref,
}: {
  /** Link to the tracking of `partida` (keeps the access-link suffix). */
  hrefFor: (partida: string) => string;
  /** Link to the full "Portes" list. */
  portesHref: string;
}) {
  const { t } = useTranslation();
  const enCurso = useEnCurso();
  return (
    <section aria-labelledby="tracking-en-curso">
      <Title order={2} size="h4" mb="sm" id="tracking-en-curso">
        {t('tracking.enCurso')}
      </Title>
      <ListStates
        query={enCurso}
        items={enCurso.data?.items}
        loading={<Skeleton height={120} radius="md" />}
        empty={<EmptyState message={t('tracking.enCursoVacio')} />}
      >
        {(items) => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((porte) => (
              <Fila key={porte.id} porte={porte} href={hrefFor(porte.partida)} />
            ))}
          </Stack>
        )}
      </ListStates>
      {enCurso.data?.more && (
        <Anchor component={Link} to={portesHref} mt="sm" display="inline-block">
          {t('tracking.enCursoMas')}
        </Anchor>
      )}
    </section>
  );
}
