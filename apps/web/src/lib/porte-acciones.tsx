import type { PorteEstado } from '@extranet/contracts/portes/porte';
import { createContext, useContext, type ReactNode } from 'react';

/** The shipment an action acts on: its partida, and what decides whether and how it can. */
export interface PorteDeAccion {
  partida: string;
  estado: PorteEstado;
  entregado_at: string | null;
}

/** Where the actions show: on the shipment's own page, or in its row of a list. */
export type LugarAccion = 'pagina' | 'fila';

/** What another feature adds to a shipment's view (the app composes features). */
type PorteAccion = (porte: PorteDeAccion, lugar: LugarAccion) => ReactNode;

const PorteAccionesContext = createContext<PorteAccion | null>(null);

/** Given by the app around the pages that show a shipment ("Compartir envío", issue 19). */
export function PorteAccionesProvider({
  accion,
  children,
}: {
  /** Renders the actions of that shipment, as a page's buttons or a row's. */
  accion: PorteAccion;
  children: ReactNode;
}) {
  return <PorteAccionesContext.Provider value={accion}>{children}</PorteAccionesContext.Provider>;
}

/** The app's actions on one shipment; nothing when none was given. */
export function PorteAcciones({
  porte,
  lugar = 'pagina',
}: {
  porte: PorteDeAccion;
  /** A page's buttons (the default) or a table row's. */
  lugar?: LugarAccion;
}) {
  const accion = useContext(PorteAccionesContext);
  return accion ? accion(porte, lugar) : null;
}

/** Whether the app gave any actions: a list adds its actions column only then. */
export function useHayPorteAcciones(): boolean {
  return useContext(PorteAccionesContext) !== null;
}
