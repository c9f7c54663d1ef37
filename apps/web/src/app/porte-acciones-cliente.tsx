import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PorteAccionesProvider, type LugarAccion, type PorteDeAccion } from '../lib/porte-acciones';

// Their own chunk: loaded when a page first shows a shipment, not with the shell.
const compartirEnvio = () => import('../features/envio/components/compartir-envio');
const CompartirEnvioBoton = lazy(() =>
  compartirEnvio().then((m) => ({ default: m.CompartirEnvioBoton })),
);
const CompartirEnvioDialog = lazy(() =>
  compartirEnvio().then((m) => ({ default: m.CompartirEnvioDialog })),
);

/**
 * The customer portal's actions on a shipment, wherever a page shows one (tracking, "Portes",
 * "Histórico"): "Compartir envío" of the `envio` feature (issue 19). The app composes the
 * features; the pages only name the place. The dialog lives here, not in the row that opened
 * it, so it survives the list turning from table to cards; it belongs to the page it was
 * opened on.
 */
export function PorteAccionesCliente({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [compartido, setCompartido] = useState<{ porte: PorteDeAccion; pathname: string }>();
  const acciones = useCallback(
    (porte: PorteDeAccion, lugar: LugarAccion) => (
      <Suspense fallback={null}>
        <CompartirEnvioBoton
          porte={porte}
          lugar={lugar}
          onOpen={() => setCompartido({ porte, pathname })}
        />
      </Suspense>
    ),
    [pathname],
  );
  return (
    <PorteAccionesProvider accion={acciones}>
      {children}
      {compartido?.pathname === pathname && (
        <Suspense fallback={null}>
          <CompartirEnvioDialog porte={compartido.porte} onClose={() => setCompartido(undefined)} />
        </Suspense>
      )}
    </PorteAccionesProvider>
  );
}
