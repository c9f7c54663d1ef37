import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { ActiveContentScanner, activeContentError, checkPdf } from './active-content.js';
import { contentKey } from './file-storage.js';
import { removeStaleFiles } from './local-disk-storage.js';

/** The file types an upload may be, recognised by their first bytes, never by name or header. */
export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'], magic: Buffer.from('%PDF-', 'latin1') },
  jpeg: {
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg'],
    magic: Buffer.from([0xff, 0xd8, 0xff]),
  },
  png: {
    mime: 'image/png',
    extensions: ['png'],
    magic: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
} as const;

export type UploadFileType = keyof typeof FILE_TYPES;

const ALL_TYPES: readonly UploadFileType[] = ['pdf', 'jpeg', 'png'];
const SNIFF_BYTES = Math.max(...Object.values(FILE_TYPES).map((t) => t.magic.length));

/** Longest display name kept, in characters, extension included. */
export const MAX_NOMBRE_LENGTH = 120;

export interface ReceiveUploadOptions {
  /** Types accepted for this upload, by content. Default: PDF, JPEG and PNG. */
  accept?: readonly UploadFileType[];
  /** Size limit in bytes; default and upper bound `UPLOAD_MAX_BYTES`. */
  maxBytes?: number;
}

/** An uploaded file, complete and in storage; nothing is in the database yet. */
export interface ReceivedUpload {
  /** Where the bytes are (`archivos.storage_key`): the content address `ab/cd/<sha256>`. */
  storageKey: string;
  sha256: string;
  /** Bytes (`archivos.tamano_bytes`). */
  size: number;
  /** Sniffed from the content. */
  mime: string;
  /** The original name made safe for display and download, with an extension matching `mime`. */
  nombre: string;
  /** False when identical bytes were already stored (another archivo may share them). */
  created: boolean;
}

/**
 * Puts content under `storageKey` by calling `write`, unless identical bytes are already there;
 * true when it wrote. The archivos module's `storeContent` first reserves the key against the
 * orphan purge (decision 009): the storage layer knows nothing of that table.
 */
export type StoreContent = (storageKey: string, write: () => Promise<void>) => Promise<boolean>;

/**
 * The one way to accept an uploaded file (routes call it through modules/archivos/upload.ts).
 * Reads the request's (single) multipart file part, streams it to a temp file while hashing
 * and counting it, checks its type by magic bytes and its size as it arrives, and moves it
 * into `app.storage` under its content address.
 * The form's text fields (before or after the file) are returned as strings.
 *
 * Refused (400 `EMPTY_FILE`, 413 `FILE_TOO_LARGE`, 415 `UNSUPPORTED_FILE_TYPE`…) or cut off,
 * it leaves nothing behind. The caller records the `archivos` row afterwards, in the
 * transaction of its own change: see `recordUpload` in modules/archivos/service.ts. Once
 * stored, the bytes are never deleted by a request, only by the orphan purge (decision 009).
 */
export async function receiveUploadInto(
  request: FastifyRequest,
  store: StoreContent,
  options: ReceiveUploadOptions = {},
): Promise<{ file: ReceivedUpload; fields: Record<string, string> }> {
  const { config, storage } = request.server;
  const maxBytes = Math.min(options.maxBytes ?? config.uploadMaxBytes, config.uploadMaxBytes);
  const accept = options.accept ?? ALL_TYPES;

  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      'MULTIPART_REQUIRED',
      'Envíe el fichero como formulario (multipart/form-data).',
    );
  }
  // Refuse before reading when the declared body alone is far over the limit.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD_BYTES) {
    throw fileTooLarge(maxBytes);
  }

  const tempDir = uploadTempDir(config.dataDir);
  await mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: { temp: string; type: UploadFileType; filename: string } | undefined;
  let inspector: UploadInspector | undefined;
  // At shutdown an upload still arriving is cut off (plugins/shutdown.ts): its file stream
  // fails with the 503, and the temp file goes below; before any file part, the connection.
  let receiving: MultipartFile | undefined;
  const untrack = request.server.trackUpload((error) => {
    if (receiving) receiving.file.destroy(error);
    else request.raw.destroy(error);
  });
  try {
    // The whole form is read before anything reaches storage: a second file or a bad field
    // after the file refuses the upload as a whole.
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw new HttpError(
            400,
            'FIELD_TOO_LARGE',
            'Un campo del formulario es demasiado largo.',
          );
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (received) throw tooManyFiles();
      const temp = path.join(tempDir, `${randomUUID()}.upload`);
      received = { temp, type: 'pdf', filename: part.filename };
      inspector = new UploadInspector(accept, maxBytes);
      receiving = part;
      received.type = await streamToTemp(part, inspector, temp, maxBytes);
      receiving = undefined;
    }
  } catch (error) {
    if (received) await rm(received.temp, { force: true });
    throw toUploadError(error, maxBytes);
  } finally {
    untrack();
  }
  if (!received || !inspector) throw new HttpError(400, 'FILE_REQUIRED', 'Adjunte un fichero.');
  if (received.type === 'pdf') {
    // Whole now: parsed for actions, embedded files and XFA that no byte pattern can see.
    // checkPdf answers the refusal (an HttpError) and rejects only when the check itself fails.
    const temp = received.temp;
    const refused = await checkPdf(await readFile(temp)).catch(async (error: unknown) => {
      await rm(temp, { force: true });
      throw error;
    });
    if (refused) {
      await rm(temp, { force: true });
      throw refused;
    }
  }

  const { mime } = FILE_TYPES[received.type];
  const sha256 = inspector.sha256();
  const storageKey = contentKey(sha256);
  let created: boolean;
  try {
    const temp = received.temp;
    created = await store(storageKey, () =>
      storage.putFile(storageKey, temp, { mime, size: inspector.size }),
    );
  } finally {
    // Already moved into storage, or not needed: identical bytes were there.
    await rm(received.temp, { force: true });
  }
  return {
    file: {
      storageKey,
      sha256,
      size: inspector.size,
      mime,
      nombre: sanitizeFileName(received.filename, received.type),
      created,
    },
    fields,
  };
}

/** Writes one file part to `temp` through the inspector; returns its sniffed type. */
async function streamToTemp(
  part: MultipartFile,
  inspector: UploadInspector,
  temp: string,
  maxBytes: number,
): Promise<UploadFileType> {
  const file = part.file;
  // Stop reading at the limit instead of letting the parser discard the rest of the body.
  file.once('limit', () => file.destroy(fileTooLarge(maxBytes)));
  // Open before streaming: a write stream opens in the background, so a file refused on its
  // first bytes could otherwise be created after the caller's cleanup has already run.
  const handle = await open(temp, 'wx', 0o600);
  await pipeline(file, inspector, handle.createWriteStream());
  if (file.truncated) throw fileTooLarge(maxBytes);
  if (!inspector.type) throw new Error('receiveUpload: tipo sin determinar'); // unreachable
  return inspector.type;
}

/** `<DATA_DIR>/tmp/uploads`: uploads in progress. Empty whenever no upload is. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/** Deletes upload temp files a crashed process left (older than a day); returns how many. */
export function removeStaleUploads(dataDir: string, maxAgeMs = 24 * 3600_000): Promise<number> {
  return removeStaleFiles(uploadTempDir(dataDir), maxAgeMs);
}

/** Multipart limits for the whole server (plugins/multipart.ts): one file, a few small fields. */
export function multipartLimits(uploadMaxBytes: number) {
  return {
    fileSize: uploadMaxBytes,
    files: 1,
    fields: 20,
    fieldSize: 4 * 1024,
    fieldNameSize: 100,
    parts: 21,
    headerPairs: 20,
  };
}

// Headers, boundaries and fields around the file (20 fields × 4 KiB at most, plus slack).
const FORM_OVERHEAD_BYTES = 128 * 1024;

/**
 * A display name safe to store and to send in Content-Disposition: the last path segment
 * only, no control or bidi-override characters, none of `<>:"|?*`, no leading dots, at most
 * MAX_NOMBRE_LENGTH characters, accents kept, and an extension that matches the content.
 */
export function sanitizeFileName(raw: string, type: UploadFileType): string {
  const { extensions } = FILE_TYPES[type];
  let name = raw.normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  let base = dot > 0 ? name.slice(0, dot) : name;
  let ext = dot > 0 ? name.slice(dot + 1) : '';
  if (!(extensions as readonly string[]).includes(ext.toLowerCase())) {
    // "foto.exe" that is really a JPEG downloads as "foto.exe.jpg", never as an executable.
    base = name;
    ext = extensions[0];
  }
  base = Array.from(base)
    .slice(0, MAX_NOMBRE_LENGTH - ext.length - 1)
    .join('')
    .replace(/[\s.]+$/, '');
  return `${base || 'fichero'}.${ext}`;
}

/** Which accepted type the first bytes are, if any. */
export function sniffFileType(
  head: Buffer,
  accept: readonly UploadFileType[] = ALL_TYPES,
): UploadFileType | undefined {
  return accept.find((type) => {
    const { magic } = FILE_TYPES[type];
    return head.length >= magic.length && head.subarray(0, magic.length).equals(magic);
  });
}

/** Counts, hashes and sniffs the bytes passing through; fails as soon as a rule is broken. */
class UploadInspector extends Transform {
  size = 0;
  type: UploadFileType | undefined;
  private readonly hash = createHash('sha256');
  private readonly scanner = new ActiveContentScanner();
  private activeSeen = false;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly accept: readonly UploadFileType[],
    private readonly maxBytes: number,
  ) {
    super();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(fileTooLarge(this.maxBytes));
    // Polyglots: a genuine header with markup or script further on (docs/security.md).
    // Reported once the type is known, so a plain HTML or SVG file stays "type not accepted".
    this.activeSeen ||= this.scanner.push(chunk) !== undefined;
    this.hash.update(chunk);
    if (this.type) return this.activeSeen ? done(activeContentError()) : done(null, chunk);
    // Hold the first bytes back until there are enough to recognise the type.
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return done();
    this.releaseHead(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.size === 0) return done(new HttpError(400, 'EMPTY_FILE', 'El fichero está vacío.'));
    if (this.type) return done();
    this.releaseHead(done);
  }

  private releaseHead(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = sniffFileType(head, this.accept);
    if (!this.type) return done(unsupportedType(this.accept));
    if (this.activeSeen) return done(activeContentError());
    done(null, head);
  }
}

function tooManyFiles(): HttpError {
  return new HttpError(400, 'TOO_MANY_FILES', 'Suba un solo fichero cada vez.');
}

function fileTooLarge(maxBytes: number): HttpError {
  const mb = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(
    maxBytes / (1024 * 1024),
  );
  return new HttpError(413, 'FILE_TOO_LARGE', `El fichero supera el tamaño máximo de ${mb} MB.`);
}

const TYPE_NAMES: Record<UploadFileType, string> = { pdf: 'PDF', jpeg: 'JPEG', png: 'PNG' };

function unsupportedType(accept: readonly UploadFileType[]): HttpError {
  const names = accept.map((t) => TYPE_NAMES[t]);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} o ${names[names.length - 1]}` : names[0];
  return new HttpError(
    415,
    'UNSUPPORTED_FILE_TYPE',
    `Tipo de fichero no admitido. Suba un ${list}.`,
  );
}

/** Our HttpErrors pass through; the multipart parser's errors get a code and a Spanish message. */
function toUploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge(maxBytes);
    case 'FST_FILES_LIMIT':
      return tooManyFiles();
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(400, 'TOO_MANY_FIELDS', 'El formulario tiene demasiados campos.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(
        415,
        'MULTIPART_REQUIRED',
        'Envíe el fichero como formulario (multipart/form-data).',
      );
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return invalidForm();
  // busboy: a cut connection or a malformed body ("Unexpected end of form", "Boundary not found").
  if (error instanceof Error && /multipart|form|part|boundary|premature/i.test(error.message)) {
    return invalidForm();
  }
  return error;
}

function invalidForm(): HttpError {
  return new HttpError(
    400,
    'INVALID_UPLOAD',
    'El envío del fichero no es válido o se interrumpió. Vuelva a intentarlo.',
  );
}
