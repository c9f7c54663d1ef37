import {
  A4,
  ACCENT,
  MARGIN,
  RULE,
  createCanvas,
  drawEmisor,
  drawFooters,
  text,
  toBuffer,
  wrap,
} from './layout.js';

const BODY_SIZE = 11;
const LEADING = 15;

/**
 * A plain A4 document with a title and paragraphs, for the demo CMRs, certificates and
 * prevention documents (the real ones come from carriers and from the company). Each entry
 * of `lines` is a paragraph; long ones wrap and overflow onto further pages.
 */
export async function renderDemoDocumentPdf(
  title: string,
  lines: readonly string[],
  date = new Date('2026-01-01T00:00:00Z'),
): Promise<Buffer> {
  const canvas = await createCanvas(title, date);
  const { regular, bold } = canvas;
  const width = A4.width - 2 * MARGIN;
  const top = A4.height - MARGIN;

  const newPage = () => {
    const page = canvas.doc.addPage([A4.width, A4.height]);
    drawEmisor(page, canvas, top - 10);
    return page;
  };
  let page = newPage();
  let y = top - 90;
  for (const titleLine of wrap(title, bold, 18, width)) {
    text(page, titleLine, { x: MARGIN, y, size: 18, font: bold, color: ACCENT });
    y -= 24;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: A4.width - MARGIN, y: y + 8 },
    thickness: 1,
    color: RULE,
  });
  y -= 14;

  for (const paragraph of lines) {
    for (const line of wrap(paragraph, regular, BODY_SIZE, width)) {
      if (y < 70) {
        page = newPage();
        y = top - 90;
      }
      text(page, line, { x: MARGIN, y, size: BODY_SIZE, font: regular });
      y -= LEADING;
    }
    y -= LEADING / 2;
  }

  drawFooters(canvas, 'Documento de demostración generado por la extranet');
  return toBuffer(canvas);
}
