import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * What the structural check of a PDF found: nothing (`ok`), active content (the names that
 * gave it away), an encrypted file (its objects cannot be read, so cannot be checked), or a
 * file the parser could not make sense of in time.
 */
export type PdfInspection =
  | { verdict: 'ok' }
  | { verdict: 'active'; found: string[] }
  | { verdict: 'encrypted' }
  | { verdict: 'unreadable' };

/** How long the parse of one PDF may take; a well-formed PDF of any allowed size needs far less. */
export const PDF_INSPECTION_TIMEOUT_MS = 10_000;

/*
 * Names that make a PDF active, compared after decoding `#xx` escapes and ignoring case, as
 * a dictionary key or a name value anywhere in the file (object streams included):
 * - actions that run code, start programs, send or fetch data, or open other documents:
 *   JavaScript/JS, Launch, SubmitForm, ImportData, GoToR, GoToE, Rendition, RichMediaExecute;
 *   OpenAction and AA (additional actions) are refused through the action they point at, so
 *   an OpenAction that only shows a page stays accepted;
 * - embedded files (EmbeddedFile(s), FileAttachment), XFA forms and RichMedia (Flash, 3D).
 * A URI action is accepted for http(s), mailto and tel only (invoices carry web links).
 */
const ACTIVE_NAMES = [
  'js',
  'javascript',
  'launch',
  'submitform',
  'importdata',
  'gotor',
  'gotoe',
  'rendition',
  'richmediaexecute',
  'embeddedfile',
  'embeddedfiles',
  'fileattachment',
  'xfa',
  'richmedia',
];

// Runs in a worker thread: pdf-lib parses synchronously, and a crafted file can keep it busy
// for seconds; the worker is ended at the deadline and the event loop never waits on it.
// Plain JavaScript so it runs the same from src/ (tsx, Vitest) and from the built dist/.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// pdf-lib reports every malformed object on the console: not for our logs.
console.warn = () => {};
console.log = () => {};
const { PDFParser, PDFDict, PDFArray, PDFName, PDFStream, PDFString, PDFHexString } =
  require(workerData.pdfLib);
const active = new Set(workerData.activeNames);
const decodeName = (name) => {
  let text = name.asString().slice(1);
  // pdf-lib decodes only upper-case escapes (#4A, not #4a); a reader decodes both.
  for (let i = 0; i < 3; i += 1) {
    const next = text.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    if (next === text) break;
    text = next;
  }
  return text.toLowerCase();
};
const SAFE_URI = /^(https?:|mailto:|tel:)/i;
(async () => {
  const context = await PDFParser.forBytesWithOptions(workerData.bytes, 200, false, false).parseDocument();
  if (context.trailerInfo.Encrypt) return parentPort.postMessage({ verdict: 'encrypted' });
  const objects = context.enumerateIndirectObjects();
  const found = new Set();
  const visit = (object, depth) => {
    if (depth > 64 || object === undefined) return;
    if (object instanceof PDFName) {
      const name = decodeName(object);
      if (active.has(name)) found.add(name);
    } else if (object instanceof PDFArray) {
      for (const item of object.asArray()) visit(item, depth + 1);
    } else if (object instanceof PDFStream) {
      visit(object.dict, depth + 1);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const name = decodeName(key);
        if (active.has(name)) found.add(name);
        if (name === 'uri' && (value instanceof PDFString || value instanceof PDFHexString)) {
          const uri = value.decodeText().replace(/[\\u0000-\\u0020]/g, '');
          if (!SAFE_URI.test(uri)) found.add('uri');
        }
        visit(value, depth + 1);
      }
    }
  };
  for (const [, object] of objects) visit(object, 0);
  parentPort.postMessage(found.size > 0 ? { verdict: 'active', found: [...found].sort() } : { verdict: 'ok' });
})().catch(() => parentPort.postMessage({ verdict: 'unreadable' }));
`;

const pdfLib = createRequire(import.meta.url).resolve('pdf-lib');

/**
 * Parses a PDF with a real parser (pdf-lib: every indirect object, compressed object streams
 * included) and looks for active content by decoded name. Never rejects: a parser failure or
 * the deadline gives `unreadable`.
 */
export function inspectPdf(
  bytes: Uint8Array,
  timeoutMs = PDF_INSPECTION_TIMEOUT_MS,
): Promise<PdfInspection> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes, pdfLib, activeNames: ACTIVE_NAMES },
      // The parse of a hostile file must not take the server's memory with it.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const settle = (result: PdfInspection) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ verdict: 'unreadable' }), timeoutMs);
    worker.once('message', (message: PdfInspection) => settle(message));
    worker.once('error', () => settle({ verdict: 'unreadable' }));
    worker.once('exit', () => settle({ verdict: 'unreadable' }));
  });
}
