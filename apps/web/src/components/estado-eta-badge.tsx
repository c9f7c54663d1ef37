import type { EstadoEta } from '@extranet/contracts/conductor/seguimiento';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Dark shades: white text on them passes WCAG AA contrast.
const colors: Record<EstadoEta, string> = {
  a_tiempo: 'green.9',
  en_riesgo: '#b34700',
  con_retraso: 'red.9',
};

/** A shipment's or stop's status against its planned window: a tiempo, en riesgo, con retraso. */
export function EstadoEtaBadge({ estado }: { estado: EstadoEta }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[estado]} variant="filled" tt="none" radius="sm" data-estado-eta={estado}>
      {t(`seguimiento.estado.${estado}`)}
    </Badge>
  );
}
