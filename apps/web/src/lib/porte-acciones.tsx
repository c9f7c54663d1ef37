import { createContext, useContext, type ReactNode } from 'react';

/** What another feature adds to a shipment's view (the app composes features). */
type PorteAccion = (partida: string) => ReactNode;

const PorteAccionesContext = createContext<PorteAccion | null>(null);

/** Given by the app around the pages that show a shipment ("Compartir envío", issue 19). */
export function PorteAccionesProvider({
  accion,
  children,
}: {
  /** Renders the actions of the shipment with that partida. */
  accion: PorteAccion;
  children: ReactNode;
}) {
  return <PorteAccionesContext.Provider value={accion}>{children}</PorteAccionesContext.Provider>;
}

/** The app's actions on one shipment; nothing when none was given. */
export function PorteAcciones({ partida }: { partida: string }) {
  const accion = useContext(PorteAccionesContext);
  return accion ? accion(partida) : null;
}
