/**
 * The tracking page. Its "Compartir envío" action (issue 19) comes from the customer shell
 * (`porte-acciones-cliente.tsx`), as on "Portes" and "Histórico"; this module stays only
 * because the router names it, and may be replaced there by the page itself.
 */
export { TrackingPage as TrackingConCompartir } from '../features/tracking/pages/tracking-page';
