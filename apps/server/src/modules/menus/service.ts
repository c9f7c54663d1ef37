import type { MenuEntry } from '@extranet/contracts/menus/menu';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Session } from '../sesiones/service.js';
import { portalOfResource } from '../../lib/resources.js';
import { accessLinkMenu } from './catalog.js';
import { hasRecurso, listRecursos } from './repository.js';

/**
 * The sections a session may open. A session with several clients (or carriers) has no menu
 * until one is chosen (the contract's LoginResponse: menus empty until then).
 */
export async function menuOf(db: Kysely<Database>, session: Session): Promise<MenuEntry[]> {
  const empresaId = session.portal === 'clientes' ? session.clienteId : session.proveedorId;
  if (empresaId == null) return [];
  if (session.usuarioId == null) return accessLinkMenu(session.portal);
  return listRecursos(db, session.usuarioId, session.portal);
}

/** Whether the session may open the section gated by `recurso`. */
export async function sessionHasResource(
  db: Kysely<Database>,
  session: Session,
  recurso: string,
): Promise<boolean> {
  if (portalOfResource(recurso) !== session.portal) return false;
  if (session.usuarioId == null) {
    return accessLinkMenu(session.portal).some((entry) => entry.recurso === recurso);
  }
  return hasRecurso(db, session.usuarioId, session.portal, recurso);
}
