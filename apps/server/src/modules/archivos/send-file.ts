import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Archivo } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { StoredFileNotFoundError } from '../../storage/file-storage.js';

/**
 * Streams a stored file as a download: its sniffed MIME type, its safe name, never rendered
 * in place (`attachment`, `nosniff`) and never cached. The caller has already checked that
 * the archivo belongs to the requester (repository.ts `findArchivoForOwner`).
 */
export async function sendArchivo(
  reply: FastifyReply,
  app: FastifyInstance,
  archivo: Pick<Archivo, 'id' | 'nombre' | 'mime' | 'storage_key'>,
): Promise<FastifyReply> {
  let object;
  try {
    object = await app.storage.get(archivo.storage_key);
  } catch (error) {
    if (!(error instanceof StoredFileNotFoundError)) throw error;
    // A row without its bytes is our fault, but the user can only be told it is not there.
    reply.log.error({ archivoId: archivo.id, key: archivo.storage_key }, 'stored file missing');
    throw new HttpError(404, 'FILE_NOT_FOUND', 'El fichero no está disponible.');
  }
  return reply
    .header('Content-Type', archivo.mime)
    .header('Content-Length', object.size)
    .header('Content-Disposition', contentDisposition(archivo.nombre))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(object.body);
}

/**
 * `attachment` with an ASCII `filename` for old clients and the exact UTF-8 name in
 * `filename*` (RFC 6266 and RFC 5987): "Factura ñ.pdf" → `filename="Factura n.pdf";
 * filename*=UTF-8''Factura%20%C3%B1.pdf`.
 */
export function contentDisposition(nombre: string): string {
  const ascii = nombre
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(nombre).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
