import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field or a file. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body built by hand, for `app.inject` and raw-socket tests. */
export function multipartBody(parts: readonly FormPart[]): {
  body: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----extranet${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('filename' in part) {
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Small but genuine files of each accepted type, and impostors. */
export const SAMPLE_FILES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  ),
  jpeg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    randomBytes(64),
    Buffer.from([0xff, 0xd9]),
  ]),
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from([0, 0, 0, 13]),
    Buffer.from('IHDR'),
    randomBytes(32),
  ]),
  /** A Windows executable ("MZ" header), as if renamed to .pdf. */
  exe: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]),
  svg: Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  ),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  /** HTML first, a PDF after it: browsers sniff HTML, lax PDF readers find the header. */
  polyglot: Buffer.from('<html><script>alert(1)</script>\n%PDF-1.4\n%%EOF\n'),
};
