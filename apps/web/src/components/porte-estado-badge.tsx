import type { PorteEstado } from '@extranet/contracts/portes/porte';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Dark shades: white text on them passes WCAG AA contrast.
const colors: Record<PorteEstado, string> = {
  pendiente: 'gray.7',
  en_transito: 'blue.8',
  entregado: 'green.9',
  incidencia: 'red.9',
  anulado: 'dark.4',
};

/** The status of a shipment as a Spanish badge (Tracking, Portes, Histórico). */
export function PorteEstadoBadge({ estado }: { estado: PorteEstado }) {
  const { t } = useTranslation();
  const color = colors[estado] ?? 'gray.7';
  return (
    <Badge color={color} variant="filled" tt="none" radius="sm">
      {t(`portes.estado.${estado}`, { defaultValue: estado })}
    </Badge>
  );
}
