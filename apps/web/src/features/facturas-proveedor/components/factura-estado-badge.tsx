import type { FacturaProveedorEstado } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<FacturaProveedorEstado, string> = {
  recibida: 'blue',
  aprobada: 'teal',
  pagada: 'green',
};

/** An invoice's status as a badge ("Aprobada"). */
export function FacturaEstadoBadge({ estado }: { estado: FacturaProveedorEstado }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[estado]} variant="light" style={{ whiteSpace: 'nowrap' }}>
      {t(`facturasProveedor.estado.${estado}`)}
    </Badge>
  );
}
