import { customerResources } from '@extranet/contracts/menus/menu';
import type { Kysely } from 'kysely';
import type { Archivo, ArchivoTipo, Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import type { Session } from '../../plugins/session.js';
import { findArchivoForCliente } from '../archivos/repository.js';
import { sessionHasResource } from '../menus/service.js';

/** The section whose resource a customer needs to download a file of each kind. */
const RECURSO_DE_TIPO: Partial<Record<ArchivoTipo, string>> = {
  factura: customerResources.facturas,
};

const notFound = () =>
  new HttpError(404, 'NOT_FOUND', 'El fichero no existe o no pertenece a este cliente.');

/**
 * A file of the session's client, for download or its info page: 404 when it is missing or
 * not this client's (never telling which), 403 when the user lacks the section that shows
 * that kind of file (an invoice PDF without Facturas).
 */
export async function archivoDelCliente(
  db: Kysely<Database>,
  session: Session,
  archivoId: number,
): Promise<Archivo> {
  if (session.clienteId == null) throw notFound();
  const archivo = await findArchivoForCliente(db, archivoId, session.clienteId);
  if (!archivo) throw notFound();
  const recurso = RECURSO_DE_TIPO[archivo.tipo];
  if (recurso && !(await sessionHasResource(db, session, recurso))) {
    throw new HttpError(403, 'FORBIDDEN', 'No tiene acceso a esta sección.');
  }
  return archivo;
}
