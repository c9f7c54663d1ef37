import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePortalContext } from '../../../lib/portal-context';
import { useEstadoCertificados } from '../api/get-estado-certificados';

/**
 * Issue 4: while a mandatory certificate is expired, every supplier page says so (with the
 * server's reason, the same text that refuses offers) and links to Certificados.
 */
/** Element id of the warning: blocked actions elsewhere point their aria-describedby at it. */
export const CERTIFICATE_WARNING_ID = 'aviso-certificados';

export function CertificateWarning() {
  const { t } = useTranslation();
  const context = usePortalContext();
  const suffix = context?.accessSuffix ?? '';
  const estado = useEstadoCertificados(context?.session?.success === 1);
  if (!estado.data?.bloqueado) return null;
  return (
    <Alert
      id={CERTIFICATE_WARNING_ID}
      color="red"
      variant="light"
      role="alert"
      mb="md"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('certificados.aviso.titulo')}
    >
      {estado.data.motivo ?? t('certificados.aviso.motivo')}{' '}
      <Anchor component={Link} to={`/proveedores/certificados${suffix}`} fw={600} c="red.9">
        {t('certificados.aviso.enlace')}
      </Anchor>
    </Alert>
  );
}
