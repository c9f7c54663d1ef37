import { randomBytes } from 'node:crypto';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './pdf-structure.js';

/** A PDF built with pdf-lib; `extra` adds to the catalog. Object streams compress everything. */
async function pdfWith(
  extra: (doc: PDFDocument) => void = () => undefined,
  useObjectStreams = true,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  extra(doc);
  return Buffer.from(await doc.save({ useObjectStreams }));
}

/** A PDF written by hand, so names can carry `#xx` escapes. */
function rawPdf(objects: string[], trailer = '<< /Root 1 0 R >>'): Buffer {
  const body = objects.map((object, i) => `${i + 1} 0 obj\n${object}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.7\n${body}trailer\n${trailer}\n%%EOF\n`, 'latin1');
}

const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>';
const pages = '<< /Type /Pages /Kids [] /Count 0 >>';

describe('inspectPdf: comprobación estructural de PDF', () => {
  it('acepta un PDF limpio, con un OpenAction que solo muestra una página y un enlace https', async () => {
    const clean = await pdfWith((doc) => {
      const page = doc.getPage(0);
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([page.ref, 'Fit']));
      const link = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 0, 10, 10],
        A: { S: 'URI', URI: PDFString.of('https://www.example.com/factura') },
      });
      page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
    });
    expect(await inspectPdf(clean)).toEqual({ verdict: 'ok' });
  });

  it('encuentra JavaScript en un OpenAction dentro de un flujo de objetos comprimido', async () => {
    const pdf = await pdfWith((doc) => {
      const action = doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
    });
    // Nothing for a byte pattern to see: the action is deflated inside an object stream.
    expect(pdf.toString('latin1')).not.toMatch(/javascript/i);
    expect(await inspectPdf(pdf)).toEqual({ verdict: 'active', found: ['javascript', 'js'] });
  });

  it('decodifica los nombres con escapes #xx, en mayúsculas y minúsculas', async () => {
    const pdf = rawPdf([catalog, pages, '<< /S /J#61va#53cript /#4a#73 (app.alert\\(1\\)) >>']);
    expect(pdf.toString('latin1')).not.toMatch(/javascript/i);
    expect(await inspectPdf(pdf)).toEqual({ verdict: 'active', found: ['javascript', 'js'] });
  });

  it.each([
    ['Launch', '<< /S /L#61unch /F (cmd.exe) >>', ['launch']],
    ['SubmitForm', '<< /S /SubmitForm /F (https://x.example/) >>', ['submitform']],
    ['ImportData', '<< /S /ImportData /F (datos.fdf) >>', ['importdata']],
    ['GoToR', '<< /S /GoToR /F (otro.pdf) /D [0 /Fit] >>', ['gotor']],
    ['URI javascript:', '<< /S /URI /URI (java\\tscript:alert\\(1\\)) >>', ['uri']],
    ['URI file:', '<< /S /URI /URI (file:///etc/passwd) >>', ['uri']],
  ])('encuentra la acción %s', async (_label, action, found) => {
    expect(await inspectPdf(rawPdf([catalog, pages, action]))).toEqual({
      verdict: 'active',
      found,
    });
  });

  it('encuentra acciones adicionales (AA), ficheros incrustados, XFA y RichMedia', async () => {
    const aa = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /AA << /WC 3 0 R >> >>',
      pages,
      '<< /S /JavaScript /JS 4 0 R >>',
      '<< /Length 3 >>\nstream\nx=1\nendstream',
    ]);
    expect(await inspectPdf(aa)).toMatchObject({ verdict: 'active' });
    const embedded = await pdfWith((doc) => {
      void doc.attach(Buffer.from('MZ'), 'programa.exe', { mimeType: 'application/x-msdownload' });
    }, false);
    const result = await inspectPdf(embedded);
    expect(result.verdict).toBe('active');
    expect(result.verdict === 'active' && result.found).toContain('embeddedfile');
    const xfa = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] /XF#41 3 0 R >> >>',
      pages,
      '<< /Length 5 >>\nstream\n<xdp>\nendstream',
    ]);
    expect(await inspectPdf(xfa)).toEqual({ verdict: 'active', found: ['xfa'] });
    const richMedia = rawPdf([
      catalog.replace(' /OpenAction 3 0 R', ''),
      pages,
      '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 1 1] >>',
    ]);
    expect(await inspectPdf(richMedia)).toEqual({ verdict: 'active', found: ['richmedia'] });
  });

  it('un PDF cifrado no se puede comprobar', async () => {
    const pdf = rawPdf(
      [catalog.replace(' /OpenAction 3 0 R', ''), pages, '<< /Filter /Standard /V 2 /R 3 >>'],
      '<< /Root 1 0 R /Encrypt 3 0 R >>',
    );
    expect(await inspectPdf(pdf)).toEqual({ verdict: 'encrypted' });
  });

  it('corta a tiempo un PDF que el analizador no termina, sin bloquear el proceso', async () => {
    const junk = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4 * 1024 * 1024)]);
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    const result = await inspectPdf(junk, 300);
    clearInterval(ticker);
    expect(result).toEqual({ verdict: 'unreadable' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // The event loop kept turning while the worker parsed.
    expect(ticks).toBeGreaterThan(5);
  });
});
