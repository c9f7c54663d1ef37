import { HttpError } from '../lib/http-error.js';
import { inspectPdf } from './pdf-structure.js';

/**
 * Markers of content a browser or PDF reader could execute: HTML and SVG markup, script URLs,
 * event-handler attributes and the PDF actions that run code or programs. A CMR or an invoice
 * never needs them; a polyglot (a valid PDF or JPEG header with HTML or JavaScript further on)
 * is refused by them. Matched case-insensitively anywhere in the file, with NUL bytes ignored:
 * so the same markers also match UTF-16 text (little- or big-endian, with or without a BOM),
 * which some browsers sniff. PDFs are also parsed and checked structurally (`checkPdf`), since
 * compressed object streams and `#xx` name escapes hide them from any byte pattern. Downloads
 * are served as attachments with nosniff under a strict CSP either way (send-file.ts).
 */
const MARKERS = [
  '<script',
  '<html',
  '<body',
  '<iframe',
  '<svg',
  '<object',
  '<embed',
  '<!doctype html',
  '<meta',
  '<form',
  '<img',
  '<?xml-stylesheet',
  'javascript:',
  'vbscript:',
  'data:text/html',
  '/javascript',
  '/launch',
];
const LONGEST = Math.max(...MARKERS.map((m) => m.length));
// Event-handler attributes (`<x onload=…>`, `onerror =`): the ones that fire without a click.
const EVENT_HANDLER =
  /\bon(?:load|error|begin|end|focus|blur|pageshow|toggle|animationstart|animationend|transitionend|mouseover|mouseenter|pointerover|click)\s*=/;

/** Scans a stream chunk by chunk, markers split across chunks included. */
export class ActiveContentScanner {
  private tail = '';

  /** The marker found in this chunk (with the end of the previous one), if any. */
  push(chunk: Buffer): string | undefined {
    // NULs dropped: "<\0s\0c\0r…" (UTF-16) reads as "<scr…"; the tail keeps what a marker
    // split across chunks needs, NULs removed.
    const text = this.tail + chunk.toString('latin1').replaceAll('\0', '').toLowerCase();
    this.tail = text.slice(-(LONGEST + 24));
    return MARKERS.find((marker) => text.includes(marker)) ?? EVENT_HANDLER.exec(text)?.[0];
  }
}

/**
 * The structural check of a complete PDF (storage/pdf-structure.ts), as the HTTP error that
 * refuses it: 415 `ACTIVE_CONTENT`, `ENCRYPTED_PDF` or `INVALID_PDF`; undefined when clean.
 */
export async function checkPdf(bytes: Uint8Array): Promise<HttpError | undefined> {
  const inspection = await inspectPdf(bytes);
  switch (inspection.verdict) {
    case 'ok':
      return undefined;
    case 'active':
      return activeContentError();
    case 'encrypted':
      return new HttpError(
        415,
        'ENCRYPTED_PDF',
        'El PDF está cifrado o protegido con contraseña y no se puede comprobar. Súbalo sin protección.',
      );
    case 'unreadable':
      return new HttpError(
        415,
        'INVALID_PDF',
        'El PDF está dañado o no se puede comprobar. Vuelva a generarlo y súbalo de nuevo.',
      );
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
