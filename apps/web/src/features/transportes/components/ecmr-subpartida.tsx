import type { EcmrEstado } from '@extranet/contracts/ecmr/constants';
import { Anchor, Group } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EcmrEstadoBadge } from '../../../components/ecmr-estado-badge';
import { usePortalContext } from '../../../lib/portal-context';

/** A leg's e-CMR state (issue 18) and the link to its note: view, edit, versions, PDF. */
export function EcmrSubpartida({
  subpartidaId,
  numero,
  estado,
}: {
  subpartidaId: number;
  numero: number;
  estado: EcmrEstado | null;
}) {
  const { t } = useTranslation();
  const suffix = usePortalContext()?.accessSuffix ?? '';
  return (
    <Group gap="xs" wrap="wrap">
      <EcmrEstadoBadge estado={estado} />
      <Anchor
        size="sm"
        component={Link}
        to={`/proveedores/ecmr/${subpartidaId}${suffix}`}
        aria-label={t('ecmr.abrirAria', { numero })}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        <IconFileCertificate size={14} aria-hidden />
        {t('ecmr.abrir')}
      </Anchor>
    </Group>
  );
}
