import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A decoded e-mail, enough for tests: headers (lower-case names) and the text/html parts. */
export interface ParsedEml {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** Decodes RFC 2047 encoded-words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  return decodeURIComponent(bytes);
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Parses a (multipart/alternative or single-part) message as nodemailer writes it. */
export function parseEml(source: string): ParsedEml {
  const split = source.search(/\r?\n\r?\n/);
  const headers = parseHeaders(source.slice(0, split));
  const body = source.slice(split).replace(/^\r?\n\r?\n/, '');
  for (const key of ['subject', 'to', 'from']) {
    if (headers[key]) headers[key] = decodeWords(headers[key]);
  }
  const parsed: ParsedEml = { headers, text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [
        `Content-Type: ${headers['content-type']}\r\nContent-Transfer-Encoding: ${headers['content-transfer-encoding'] ?? '7bit'}\r\n\r\n${body}`,
      ];
  for (const part of parts) {
    const cut = part.search(/\r?\n\r?\n/);
    const partHeaders = parseHeaders(part.slice(0, cut).trim());
    const content = decodeBody(
      partHeaders,
      part
        .slice(cut)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, ''),
    );
    if ((partHeaders['content-type'] ?? '').startsWith('text/html')) parsed.html = content;
    else if ((partHeaders['content-type'] ?? '').startsWith('text/plain')) parsed.text = content;
  }
  return parsed;
}

/** Every file in an outbox folder (none if it does not exist), sorted by name (= time). */
export function outboxFiles(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

export function readEml(dir: string, file: string): ParsedEml {
  return parseEml(readFileSync(path.join(dir, file), 'utf8'));
}
