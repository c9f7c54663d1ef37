import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderDemoDocumentPdf } from './document-pdf.js';
import { facturaNumero, renderFacturaPdf } from './factura-pdf.js';
import { euros, winAnsi } from './layout.js';

// Node's TextDecoder('windows-1252') decodes 0x80–0x9F as Latin-1; map the ones we use.
const WIN_ANSI_HIGH: Record<number, string> = { 0x80: '€', 0x85: '…', 0x95: '•', 0x96: '–' };
const WIN_ANSI = {
  decode: (bytes: Buffer) =>
    Array.from(bytes, (b) => WIN_ANSI_HIGH[b] ?? String.fromCharCode(b)).join(''),
};

/** The text drawn in a PDF of ours: every content stream inflated, its hex strings decoded. */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  let out = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const data = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1');
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      out += `${WIN_ANSI.decode(Buffer.from(hex[1] ?? '', 'hex'))}\n`;
    }
  }
  return out;
}

const factura = {
  serie: 'A',
  numero: 1234,
  fecha_emision: '2026-10-31',
  vto: '2026-12-30',
  base_imponible_centimos: 250_000,
  iva_porcentaje: 21,
  iva_centimos: 52_500,
  importe_centimos: 302_500,
  pagada: 0 as const,
};
const cliente = {
  razon_social: 'Cítricos La Ribera S.A.',
  cif: 'B46100002',
  direccion: 'Polígono Industrial, nave 7',
  cp: '46001',
  localidad: 'València',
  pais_iso: 'ES',
};
const linea = (i: number) => ({
  concepto: `Transporte Zaragoza - Bucureşti ${i}`,
  partida: `P${300_000 + i}`,
  cantidad: 1,
  precio_centimos: 125_000,
  importe_centimos: 125_000,
});

describe('PDF de factura', () => {
  it('es un PDF A4 legible con número, cliente, líneas, totales y vencimiento', async () => {
    const bytes = await renderFacturaPdf(factura, [linea(1), linea(2)], cliente);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Factura A-1234');

    const text = pdfText(bytes);
    expect(facturaNumero(factura)).toBe('A-1234');
    expect(text).toContain('Nº A-1234');
    expect(text).toContain('Cítricos La Ribera S.A.');
    expect(text).toContain('València');
    // Characters outside WinAnsi lose only their diacritic.
    expect(text).toContain('Transporte Zaragoza - Bucuresti 1');
    for (const label of ['Concepto', 'Partida', 'Cantidad', 'Precio', 'Importe', 'B.Imponible']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Iva (21 %)');
    expect(text).toContain(euros(302_500));
    expect(text).toContain('Vencimiento: 30/12/2026');
    expect(text).toContain('Pendiente de pago. Vence el 30/12/2026.');
  });

  it('pagina las facturas largas y marca las pagadas', async () => {
    const lineas = Array.from({ length: 60 }, (_, i) => linea(i));
    const bytes = await renderFacturaPdf({ ...factura, pagada: 1 }, lineas, cliente);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const text = pdfText(bytes);
    expect(text).toContain('P300059');
    expect(text).toContain('Estado: Pagada');
    expect(text).toContain(`Página ${doc.getPageCount()} de ${doc.getPageCount()}`);
  });

  it('los mismos datos dan los mismos bytes', async () => {
    const a = await renderFacturaPdf(factura, [linea(1)], cliente);
    const b = await renderFacturaPdf(factura, [linea(1)], cliente);
    expect(a.equals(b)).toBe(true);
  });
});

describe('PDF de documento de demostración', () => {
  it('lleva título y párrafos, con los caracteres españoles', async () => {
    const bytes = await renderDemoDocumentPdf('Carta de porte (CMR) ¿Añadida? ¡Sí! 1.200 €', [
      'Señalización de muelles según la norma.',
      'x '.repeat(20000),
    ]);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const text = pdfText(bytes);
    expect(text).toContain('Carta de porte (CMR) ¿Añadida? ¡Sí! 1.200 €');
    expect(text).toContain('Señalización de muelles según la norma.');
  });

  it('winAnsi conserva el español y sustituye lo que la fuente no tiene', () => {
    expect(winAnsi('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿¡ € ç')).toBe('áéíóú ÁÉÍÓÚ ñÑ üÜ ¿¡ € ç');
    expect(winAnsi('Bucureşti Łódź')).toBe('Bucuresti ?ódz');
    expect(winAnsi('a\u0000b\nc 中')).toBe('abc ?');
  });
});
