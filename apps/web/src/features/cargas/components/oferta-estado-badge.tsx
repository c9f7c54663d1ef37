import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors: Record<OfertaEstado, string> = {
  pendiente: 'orange.9',
  aceptada: 'green.9',
  rechazada: 'red.9',
  retirada: 'gray.7',
};

/** The status of one of the carrier's offers, in Spanish. */
export function OfertaEstadoBadge({ estado }: { estado: OfertaEstado }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[estado]} variant="filled" tt="none" radius="sm">
      {t(`cargas.estadoOferta.${estado}`)}
    </Badge>
  );
}
