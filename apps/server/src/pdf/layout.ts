import {
  PDFDocument,
  PageSizes,
  StandardFonts,
  rgb,
  type PDFFont,
  type PDFPage,
  type RGB,
} from 'pdf-lib';

/** The company issuing the documents, printed in every header. */
export interface Emisor {
  razonSocial: string;
  cif: string;
  direccion: string;
  localidad: string;
  email: string;
}

/** Printed on invoices and demo documents until the ERP provides the real data. */
export const EMISOR: Emisor = {
  razonSocial: 'Transportes Internacionales Extranet S.A.',
  cif: 'A50000001',
  direccion: 'Plataforma Logística Plaza, calle Bari 33',
  localidad: '50197 Zaragoza (España)',
  email: 'administracion@extranet.example',
};

export const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };
export const MARGIN = 48;
export const INK = rgb(0.13, 0.15, 0.2);
export const MUTED = rgb(0.42, 0.45, 0.5);
export const ACCENT = rgb(0.09, 0.33, 0.6);
export const RULE = rgb(0.82, 0.85, 0.89);
export const BAND = rgb(0.94, 0.96, 0.98);
export const WHITE = rgb(1, 1, 1);
export const GREEN = rgb(0.1, 0.45, 0.2);
export const RED = rgb(0.6, 0.15, 0.1);

// WinAnsi (Windows-1252) beyond Latin-1: what the standard PDF fonts can draw besides it.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can encode (WinAnsi): Spanish is kept as is (á ñ ü ¿ ¡ €); other
 * letters lose their diacritics (ş → s) and anything else becomes "?".
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\u202f\u2007\t]/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += char;
    else if (WIN_ANSI_EXTRA.has(char)) out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else {
      const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function fechaEs(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const EUROS = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: true,
});

/** Integer cents → '1.234,56 €'. */
export function euros(centimos: number): string {
  return EUROS.format(centimos / 100);
}

/** A PDF under construction with its two fonts and a cursor helper. */
export interface Canvas {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
}

/** A new document with the standard Helvetica fonts and fixed metadata (same data, same bytes). */
export async function createCanvas(title: string, date: Date): Promise<Canvas> {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setAuthor(EMISOR.razonSocial);
  doc.setCreator('Extranet');
  doc.setProducer('Extranet (pdf-lib)');
  doc.setLanguage('es-ES');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, regular, bold };
}

export interface TextOptions {
  x: number;
  y: number;
  size?: number;
  font: PDFFont;
  color?: RGB;
  /** Right-align at x instead of starting there. */
  align?: 'left' | 'right';
  /** Cut with an ellipsis beyond this width. */
  maxWidth?: number;
}

/** Draws one line of text, made WinAnsi-safe, optionally right-aligned or truncated. */
export function text(page: PDFPage, value: string, options: TextOptions): void {
  const size = options.size ?? 10;
  let safe = winAnsi(value);
  if (options.maxWidth !== undefined) safe = fit(safe, options.font, size, options.maxWidth);
  const width = options.font.widthOfTextAtSize(safe, size);
  page.drawText(safe, {
    x: options.align === 'right' ? options.x - width : options.x,
    y: options.y,
    size,
    font: options.font,
    color: options.color ?? INK,
  });
}

function fit(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) {
    cut = cut.slice(0, -1);
  }
  return `${cut.trimEnd()}…`;
}

/** Splits text into lines no wider than maxWidth (words longer than a line are cut). */
export function wrap(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(value).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
      } else {
        if (line) lines.push(line);
        line = fit(word, font, size, maxWidth);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The company block at the top left of every page. */
export function drawEmisor(page: PDFPage, canvas: Canvas, top: number): void {
  text(page, EMISOR.razonSocial, { x: MARGIN, y: top, size: 13, font: canvas.bold, color: ACCENT });
  const details = [EMISOR.direccion, EMISOR.localidad, `CIF ${EMISOR.cif} · ${EMISOR.email}`];
  details.forEach((line, i) => {
    text(page, line, {
      x: MARGIN,
      y: top - 15 - i * 12,
      size: 9,
      font: canvas.regular,
      color: MUTED,
    });
  });
}

/** "Página n de m" and a note at the bottom of every page. */
export function drawFooters(canvas: Canvas, note: string): void {
  const pages = canvas.doc.getPages();
  pages.forEach((page, i) => {
    page.drawLine({
      start: { x: MARGIN, y: 40 },
      end: { x: A4.width - MARGIN, y: 40 },
      thickness: 0.5,
      color: RULE,
    });
    text(page, note, { x: MARGIN, y: 28, size: 8, font: canvas.regular, color: MUTED });
    text(page, `Página ${i + 1} de ${pages.length}`, {
      x: A4.width - MARGIN,
      y: 28,
      size: 8,
      font: canvas.regular,
      color: MUTED,
      align: 'right',
    });
  });
}

/** The finished document's bytes (no object streams: any PDF reader opens it). */
export async function toBuffer(canvas: Canvas): Promise<Buffer> {
  const bytes = await canvas.doc.save({ useObjectStreams: false });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
