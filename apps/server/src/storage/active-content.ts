import { HttpError } from '../plugins/errors.js';

/**
 * Markers of content a browser or PDF reader could execute: HTML and SVG markup, script URLs
 * and the PDF actions that run code or programs. A CMR or an invoice never needs them; a
 * polyglot (a valid PDF or JPEG header with HTML or JavaScript further on) is refused by them.
 * Matched case-insensitively anywhere in the file. Compressed PDF streams can still hide
 * markup; downloads are therefore also served as attachments with nosniff (send-file.ts).
 */
const MARKERS = [
  '<script',
  '<html',
  '<body',
  '<iframe',
  '<svg',
  '<object',
  '<embed',
  'javascript:',
  '/javascript',
  '/launch',
];
const LONGEST = Math.max(...MARKERS.map((m) => m.length));

/** Scans a stream chunk by chunk, markers split across chunks included. */
export class ActiveContentScanner {
  private tail = '';

  /** The marker found in this chunk (with the end of the previous one), if any. */
  push(chunk: Buffer): string | undefined {
    const text = this.tail + chunk.toString('latin1').toLowerCase();
    this.tail = text.slice(-(LONGEST - 1));
    return MARKERS.find((marker) => text.includes(marker));
  }
}

/** The 415 of a file with active content: the message says why, in Spanish. */
export function activeContentError(): HttpError {
  return new HttpError(
    415,
    'ACTIVE_CONTENT',
    'El fichero contiene código ejecutable (HTML o JavaScript) y no se admite. Suba un PDF, JPEG o PNG sin scripts.',
  );
}
