import type { EcmrEstado } from '@extranet/contracts/ecmr/constants';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Dark shades: white text on them passes WCAG AA contrast.
const colors: Record<EcmrEstado, string> = {
  sin_firmar: 'gray.7',
  recogida_firmada: 'blue.8',
  entregada: 'green.9',
  con_reservas: 'orange.9',
};

/**
 * The state of a leg's e-CMR as a badge with its full text ("e-CMR: Recogida firmada"); a leg
 * without a note yet is "Sin firmar" too: nobody has signed anything for it.
 */
export function EcmrEstadoBadge({ estado }: { estado: EcmrEstado | null }) {
  const { t } = useTranslation();
  const actual = estado ?? 'sin_firmar';
  return (
    <Badge color={colors[actual]} variant="filled" tt="none" radius="sm">
      {t('ecmr.badge', { estado: t(`ecmr.estado.${actual}`) })}
    </Badge>
  );
}
