import type { CertificadoEstado } from '@extranet/contracts/certificados/certificado';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<CertificadoEstado, string> = {
  valido: 'green',
  caduca_pronto: 'yellow',
  caducado: 'red',
  falta: 'gray',
};

/** A certificate's status: Vigente, Caduca pronto (≤ 30 días), Caducado or Falta. */
export function CertificadoEstadoBadge({ estado }: { estado: CertificadoEstado }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[estado]}
      variant={estado === 'caducado' ? 'filled' : 'light'}
      style={{ whiteSpace: 'nowrap' }}
    >
      {t(`certificados.estado.${estado}`)}
    </Badge>
  );
}
