import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/*
 * PDFs whose active content no byte pattern sees (issue 15, point 3), for the upload routes'
 * tests. Each call gives new bytes (a fresh content address).
 */

/** A genuine PDF whose OpenAction runs JavaScript, deflated inside a compressed object stream. */
export async function pdfJavaScriptInObjectStream(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.setTitle(randomBytes(8).toString('hex'));
  const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** A PDF whose JavaScript action is spelled with `#xx` name escapes (`/J#61va#53cript`). */
export function pdfJavaScriptWithEscapedNames(): Buffer {
  return Buffer.from(
    `%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n` +
      '1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
      '3 0 obj\n<< /S /J#61va#53cript /#4a#53 (app.alert\\(1\\)) >>\nendobj\n' +
      'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

/** HTML with a script in UTF-16 (little-endian with a BOM, or big-endian without). */
export function utf16Html(endian: 'le' | 'be'): Buffer {
  const le = Buffer.from('<html><body><script>alert(1)</script></body></html>', 'utf16le');
  if (endian === 'le') return Buffer.concat([Buffer.from([0xff, 0xfe]), le]);
  return Buffer.from(le).swap16();
}
