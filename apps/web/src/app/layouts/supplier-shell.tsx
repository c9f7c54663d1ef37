import { supplierNavigation } from '../navigation';
import { PortalShell } from './portal-shell';

/** Layout of every signed-in supplier page. */
export function SupplierShell() {
  return <PortalShell portal="proveedores" navigation={supplierNavigation} />;
}
