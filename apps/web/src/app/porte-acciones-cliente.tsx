import { lazy, Suspense, type ReactNode } from 'react';
import { PorteAccionesProvider, type LugarAccion, type PorteDeAccion } from '../lib/porte-acciones';

// Its own chunk: loaded when a page first shows a shipment, not with the shell.
const CompartirEnvio = lazy(() =>
  import('../features/envio/components/compartir-envio').then((m) => ({
    default: m.CompartirEnvio,
  })),
);

const acciones = (porte: PorteDeAccion, lugar: LugarAccion) => (
  <Suspense fallback={null}>
    <CompartirEnvio porte={porte} lugar={lugar} />
  </Suspense>
);

/**
 * The customer portal's actions on a shipment, wherever a page shows one (tracking, "Portes",
 * "Histórico"): "Compartir envío" of the `envio` feature (issue 19). The app composes the
 * features; the pages only name the place.
 */
export function PorteAccionesCliente({ children }: { children: ReactNode }) {
  return <PorteAccionesProvider accion={acciones}>{children}</PorteAccionesProvider>;
}
