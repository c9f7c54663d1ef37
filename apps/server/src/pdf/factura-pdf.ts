import type { PDFPage } from 'pdf-lib';
import type { Cliente, Factura, FacturaLinea } from '../db/database.js';
import {
  A4,
  ACCENT,
  BAND,
  EMISOR,
  GREEN,
  MARGIN,
  MUTED,
  RED,
  RULE,
  WHITE,
  createCanvas,
  drawEmisor,
  drawFooters,
  euros,
  fechaEs,
  text,
  toBuffer,
  type Canvas,
} from './layout.js';

export type FacturaPdfData = Pick<
  Factura,
  | 'serie'
  | 'numero'
  | 'fecha_emision'
  | 'vto'
  | 'base_imponible_centimos'
  | 'iva_porcentaje'
  | 'iva_centimos'
  | 'importe_centimos'
  | 'pagada'
>;
export type FacturaLineaPdfData = Pick<
  FacturaLinea,
  'concepto' | 'partida' | 'cantidad' | 'precio_centimos' | 'importe_centimos'
>;
export type ClientePdfData = Pick<
  Cliente,
  'razon_social' | 'cif' | 'direccion' | 'cp' | 'localidad' | 'pais_iso'
>;

/** The invoice's number as printed and searched for: serie-número ("A-12"). */
export function facturaNumero(factura: Pick<Factura, 'serie' | 'numero'>): string {
  return `${factura.serie}-${factura.numero}`;
}

// Table columns: right edges for the figures, left edge for the text columns.
const COL = {
  concepto: MARGIN + 8,
  partida: 330,
  cantidad: 410,
  precio: 480,
  importe: A4.width - MARGIN - 8,
};
const ROW = 18;
const TABLE_BOTTOM = 150;

/**
 * A customer invoice as an A4 PDF: issuer, customer, serie-número and dates, the lines
 * (Concepto, Partida, Cantidad, Precio, Importe) over as many pages as needed, B.Imponible,
 * Iva and total, and whether it is paid or when it falls due.
 */
export async function renderFacturaPdf(
  factura: FacturaPdfData,
  lineas: readonly FacturaLineaPdfData[],
  cliente: ClientePdfData,
): Promise<Buffer> {
  const numero = facturaNumero(factura);
  const canvas = await createCanvas(
    `Factura ${numero}`,
    new Date(`${factura.fecha_emision}T00:00:00Z`),
  );
  const { regular, bold } = canvas;

  let page = canvas.doc.addPage([A4.width, A4.height]);
  const top = A4.height - MARGIN;
  drawEmisor(page, canvas, top - 10);

  // Title block, top right.
  const right = A4.width - MARGIN;
  text(page, 'FACTURA', {
    x: right,
    y: top - 12,
    size: 22,
    font: bold,
    color: ACCENT,
    align: 'right',
  });
  text(page, `Nº ${numero}`, { x: right, y: top - 32, size: 12, font: bold, align: 'right' });
  const fechas = [
    `Fecha de emisión: ${fechaEs(factura.fecha_emision)}`,
    ...(factura.vto ? [`Vencimiento: ${fechaEs(factura.vto)}`] : []),
  ];
  fechas.forEach((line, i) => {
    text(page, line, { x: right, y: top - 48 - i * 13, size: 9.5, font: regular, align: 'right' });
  });

  // Customer box.
  const boxTop = top - 100;
  page.drawRectangle({ x: MARGIN, y: boxTop - 78, width: 280, height: 78, color: BAND });
  text(page, 'CLIENTE', { x: MARGIN + 10, y: boxTop - 16, size: 8, font: bold, color: MUTED });
  const clienteLines = [
    cliente.direccion,
    [cliente.cp, cliente.localidad].filter(Boolean).join(' ') +
      (cliente.pais_iso && cliente.pais_iso !== 'ES' ? ` (${cliente.pais_iso})` : ''),
    cliente.cif ? `CIF/NIF ${cliente.cif}` : null,
  ].filter((line): line is string => Boolean(line));
  text(page, cliente.razon_social, {
    x: MARGIN + 10,
    y: boxTop - 31,
    size: 11,
    font: bold,
    maxWidth: 260,
  });
  clienteLines.forEach((line, i) => {
    text(page, line, {
      x: MARGIN + 10,
      y: boxTop - 46 - i * 12,
      size: 9.5,
      font: regular,
      maxWidth: 260,
    });
  });

  // Lines table.
  let y = boxTop - 110;
  y = drawTableHeader(page, canvas, y);
  for (const [i, linea] of lineas.entries()) {
    if (y < TABLE_BOTTOM) {
      page = canvas.doc.addPage([A4.width, A4.height]);
      drawEmisor(page, canvas, top - 10);
      text(page, `Factura ${numero} (continuación)`, {
        x: right,
        y: top - 10,
        size: 10,
        font: bold,
        align: 'right',
      });
      y = drawTableHeader(page, canvas, top - 80);
    }
    if (i % 2 === 1) {
      page.drawRectangle({
        x: MARGIN,
        y: y - 5,
        width: A4.width - 2 * MARGIN,
        height: ROW,
        color: BAND,
      });
    }
    text(page, linea.concepto, {
      x: COL.concepto,
      y,
      size: 9,
      font: regular,
      maxWidth: COL.partida - COL.concepto - 10,
    });
    text(page, linea.partida ?? '', { x: COL.partida, y, size: 9, font: regular, maxWidth: 60 });
    text(page, formatCantidad(linea.cantidad), {
      x: COL.cantidad,
      y,
      size: 9,
      font: regular,
      align: 'right',
    });
    text(page, euros(linea.precio_centimos), {
      x: COL.precio,
      y,
      size: 9,
      font: regular,
      align: 'right',
    });
    text(page, euros(linea.importe_centimos), {
      x: COL.importe,
      y,
      size: 9,
      font: regular,
      align: 'right',
    });
    y -= ROW;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + ROW - 6 },
    end: { x: right, y: y + ROW - 6 },
    thickness: 0.75,
    color: RULE,
  });

  // Totals, kept together on the last page.
  if (y < TABLE_BOTTOM - 40) {
    page = canvas.doc.addPage([A4.width, A4.height]);
    drawEmisor(page, canvas, top - 10);
    y = top - 90;
  }
  const totals: Array<[string, string]> = [
    ['B.Imponible', euros(factura.base_imponible_centimos)],
    [`Iva (${formatCantidad(factura.iva_porcentaje)} %)`, euros(factura.iva_centimos)],
  ];
  let ty = y - 10;
  for (const [label, value] of totals) {
    text(page, label, { x: 400, y: ty, size: 10, font: regular, align: 'right' });
    text(page, value, { x: COL.importe, y: ty, size: 10, font: regular, align: 'right' });
    ty -= 16;
  }
  page.drawRectangle({ x: 300, y: ty - 8, width: right - 300, height: 24, color: ACCENT });
  text(page, 'TOTAL', { x: 400, y: ty, size: 11, font: bold, color: WHITE, align: 'right' });
  text(page, euros(factura.importe_centimos), {
    x: COL.importe,
    y: ty,
    size: 11,
    font: bold,
    color: WHITE,
    align: 'right',
  });

  const estado = factura.pagada
    ? 'Pagada'
    : factura.vto
      ? `Pendiente de pago. Vence el ${fechaEs(factura.vto)}.`
      : 'Pendiente de pago.';
  text(page, `Estado: ${estado}`, {
    x: MARGIN,
    y: y - 10,
    size: 10,
    font: bold,
    color: factura.pagada ? GREEN : RED,
  });

  drawFooters(canvas, `Factura ${numero} · ${EMISOR.razonSocial} · CIF ${EMISOR.cif}`);
  return toBuffer(canvas);
}

function drawTableHeader(page: PDFPage, canvas: Canvas, y: number): number {
  page.drawRectangle({
    x: MARGIN,
    y: y - 6,
    width: A4.width - 2 * MARGIN,
    height: 20,
    color: ACCENT,
  });
  const header = { size: 9, font: canvas.bold, color: WHITE };
  text(page, 'Concepto', { x: COL.concepto, y, ...header });
  text(page, 'Partida', { x: COL.partida, y, ...header });
  text(page, 'Cantidad', { x: COL.cantidad, y, ...header, align: 'right' });
  text(page, 'Precio', { x: COL.precio, y, ...header, align: 'right' });
  text(page, 'Importe', { x: COL.importe, y, ...header, align: 'right' });
  return y - ROW - 4;
}

function formatCantidad(value: number): string {
  return new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(value);
}
