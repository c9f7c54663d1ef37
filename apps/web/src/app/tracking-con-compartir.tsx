import { CompartirEnvioButton } from '../features/envio/components/compartir-envio';
import { TrackingPage } from '../features/tracking/pages/tracking-page';
import { PorteAccionesProvider } from '../lib/porte-acciones';

const compartir = (partida: string) => <CompartirEnvioButton partida={partida} />;

/**
 * The tracking page with the "Compartir envío" action of the `envio` feature (issue 19): the
 * app composes the two features, in the page's own chunk (the router only names this module).
 */
export function TrackingConCompartir() {
  return (
    <PorteAccionesProvider accion={compartir}>
      <TrackingPage />
    </PorteAccionesProvider>
  );
}
