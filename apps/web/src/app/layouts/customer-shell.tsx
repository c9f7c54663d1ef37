import { customerNavigation } from '../navigation';
import { PorteAccionesCliente } from '../porte-acciones-cliente';
import { PortalShell } from './portal-shell';

/** Layout of every signed-in customer page, with the actions on a shipment its pages offer. */
export function CustomerShell() {
  return (
    <PorteAccionesCliente>
      <PortalShell portal="clientes" navigation={customerNavigation} />
    </PorteAccionesCliente>
  );
}
