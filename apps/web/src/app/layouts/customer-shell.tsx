import { customerNavigation } from '../navigation';
import { PortalShell } from './portal-shell';

/** Layout of every signed-in customer page. */
export function CustomerShell() {
  return <PortalShell portal="clientes" navigation={customerNavigation} />;
}
