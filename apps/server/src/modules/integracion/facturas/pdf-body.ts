import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ApiScope } from '@extranet/contracts/integracion/integracion';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';
import { requireScope } from '../../../plugins/integration-auth.js';
import { HttpError } from '../../../lib/http-error.js';
import {
  ActiveContentScanner,
  activeContentError,
  checkPdf,
} from '../../../storage/active-content.js';
import { contentKey, type FileStorage } from '../../../storage/file-storage.js';
import {
  sanitizeFileName,
  sniffFileType,
  type ReceivedUpload,
} from '../../../storage/receive-upload.js';
import { storeContent } from '../../archivos/service.js';
import { idempotencyOf } from '../http.js';

/*
 * The ERP's PDFs arrive as a raw request body (not a form). The body is buffered up to
 * `UPLOAD_MAX_BYTES` by a content-type parser registered in the calling plugin only, so a
 * cut or oversized request never reaches the handler and stores nothing.
 */

/** Declared types a raw PDF may come with; the content decides, never this header. */
const RAW_TYPES = ['application/pdf', 'application/octet-stream'];

/** Registers the raw-body parser in this (encapsulated) plugin only. */
export function registerPdfBody(app: FastifyInstance): void {
  app.addContentTypeParser(
    RAW_TYPES,
    { parseAs: 'buffer', bodyLimit: app.config.uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );
}

/** Route options of a raw PDF upload: its scope and the size cap. */
export function pdfRoute(app: FastifyInstance, scope: ApiScope) {
  return { bodyLimit: app.config.uploadMaxBytes, preHandler: requireScope(scope) };
}

/**
 * Checks the raw body is a PDF by its first bytes and free of active content (the browser
 * uploads' check: 415 `ACTIVE_CONTENT`), then puts it in storage under its content
 * address (atomic: whole or absent). Nothing is in the database yet but the key's
 * reservation: the caller records it; refused, the bytes are left to the orphan purge.
 */
export async function storePdfBody(
  deps: { db: Kysely<Database>; storage: FileStorage },
  body: unknown,
): Promise<ReceivedUpload> {
  if (!Buffer.isBuffer(body)) {
    throw new HttpError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Envíe el PDF como cuerpo de la petición (Content-Type: application/pdf).',
    );
  }
  if (body.length === 0) throw new HttpError(400, 'EMPTY_FILE', 'El fichero está vacío.');
  if (sniffFileType(body, ['pdf']) !== 'pdf') {
    throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', 'Tipo de fichero no admitido. Suba un PDF.');
  }
  // The customer or carrier opens this PDF like one uploaded in the portal: same polyglot rule.
  if (new ActiveContentScanner().push(body) !== undefined) throw activeContentError();
  const refused = await checkPdf(body);
  if (refused) throw refused;
  const sha256 = createHash('sha256').update(body).digest('hex');
  const storageKey = contentKey(sha256);
  const created = await storeContent(deps, storageKey, () =>
    deps.storage.put(storageKey, Readable.from([body]), {
      mime: 'application/pdf',
      size: body.length,
    }),
  );
  return {
    storageKey,
    sha256,
    size: body.length,
    mime: 'application/pdf',
    // The service names it after its record (`pdfNombre`).
    nombre: 'documento.pdf',
    created,
  };
}

/** A safe download name for the PDF of a record ("Factura FV26-123.pdf"). */
export function pdfNombre(nombre: string): string {
  return sanitizeFileName(nombre, 'pdf');
}

/** The `Idempotency-Key` identity of a PDF upload: the bytes count by their hash. */
export function pdfIdempotencyOf(request: FastifyRequest, upload: ReceivedUpload) {
  return {
    ...idempotencyOf(request, request.headers['idempotency-key'] as string | undefined),
    body: { sha256: upload.sha256 },
  };
}
