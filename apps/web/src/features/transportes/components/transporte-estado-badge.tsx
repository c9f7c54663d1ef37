import type { TransporteEstado } from '@extranet/contracts/transportes/transporte';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<TransporteEstado, string> = {
  asignado: 'blue',
  en_transito: 'yellow',
  entregado: 'green',
  anulado: 'gray',
};

/** A transport's status as a coloured badge ("En tránsito"). */
export function TransporteEstadoBadge({ estado }: { estado: TransporteEstado }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[estado]} variant="light" style={{ whiteSpace: 'nowrap' }}>
      {t(`transportes.estado.${estado}`)}
    </Badge>
  );
}
