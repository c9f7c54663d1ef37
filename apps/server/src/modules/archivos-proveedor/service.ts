import { supplierResources } from '@extranet/contracts/menus/menu';
import type { Kysely } from 'kysely';
import type { Archivo, ArchivoTipo, Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import type { Session } from '../../plugins/session.js';
import { findArchivoForOwner } from '../archivos/repository.js';
import { sessionHasResource } from '../menus/service.js';

/** The section whose resource a carrier needs to download a file of each kind. */
const RECURSO_DE_TIPO: Partial<Record<ArchivoTipo, string>> = {
  cmr: supplierResources.transportes,
  factura_proveedor: supplierResources.facturas,
  certificado: supplierResources.certificados,
};

/**
 * A file of the session's carrier, for download: 404 when it is missing or another owner's
 * (never telling which), 403 when the carrier lacks the section that shows that kind of file.
 */
export async function archivoDelProveedor(
  db: Kysely<Database>,
  session: Session,
  archivoId: number,
): Promise<Archivo> {
  const archivo = await findArchivoForOwner(db, archivoId, {
    kind: 'proveedor',
    id: session.proveedorId!,
  });
  if (!archivo) throw new HttpError(404, 'NOT_FOUND', 'Fichero no encontrado.');
  const recurso = RECURSO_DE_TIPO[archivo.tipo];
  if (recurso && !(await sessionHasResource(db, session, recurso))) {
    throw new HttpError(403, 'FORBIDDEN', 'No tiene acceso a esta sección.');
  }
  return archivo;
}
