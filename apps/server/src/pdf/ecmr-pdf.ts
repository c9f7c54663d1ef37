import type { FirmaEcmr, LugarEcmr, NotaEcmr, ParteEcmr } from '@extranet/contracts/ecmr/ecmr';
import type { PDFPage, PDFImage } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  A4,
  ACCENT,
  BAND,
  INK,
  MARGIN,
  MUTED,
  RED,
  RULE,
  createCanvas,
  drawFooters,
  fechaEs,
  text,
  toBuffer,
  wrap,
  type Canvas,
} from './layout.js';

/** A signature as the PDF prints it (box 22, 23 or 24), with the PNG bytes of the drawing. */
export interface FirmaPdf extends Pick<
  FirmaEcmr,
  | 'rol'
  | 'nombre'
  | 'firmado_at'
  | 'version'
  | 'documento_sha256'
  | 'canal'
  | 'reservas'
  | 'fotos'
  | 'cubre_version_actual'
> {
  imagen: Buffer;
}

/** An event of the chain as printed. */
export interface EventoPdf {
  secuencia: number;
  tipo: string;
  ocurrido_at: string;
  hash: string;
  sello: string;
}

export interface EcmrPdf {
  nota: NotaEcmr;
  version: number;
  documento_sha256: string;
  estado: string;
  firmas: readonly FirmaPdf[];
  eventos: readonly EventoPdf[];
  /** The verification page the QR code opens. */
  verificacionUrl: string;
  claveId: string;
  generado: Date;
}

const LABEL = 6.5;
const BODY = 8.5;
const LEAD = 10.5;

const CANAL: Record<string, string> = {
  movil_conductor: 'en el móvil del conductor',
  enlace_email: 'con un enlace enviado por e-mail',
  codigo: 'con un código en su propio dispositivo',
  enlace_envio: 'con el enlace del envío, en su propio dispositivo',
};

const TIPO_EVENTO: Record<string, string> = {
  creado: 'Creado',
  editado: 'Editado',
  nueva_version: 'Nueva versión',
  firmado: 'Firmado',
};

function parte(p: ParteEcmr): string[] {
  return [
    p.nombre || '—',
    p.cif ? `CIF/NIF ${p.cif}` : '',
    p.direccion ?? '',
    [p.cp, p.poblacion, p.pais_iso].filter(Boolean).join(' '),
  ].filter(Boolean);
}

function lugar(l: LugarEcmr): string[] {
  return [
    l.direccion ?? '',
    [l.cp, l.poblacion, l.pais_iso].filter(Boolean).join(' '),
    l.fecha ? `Fecha: ${fechaEs(l.fecha)}` : '',
  ].filter(Boolean);
}

function instante(iso: string): string {
  return `${fechaEs(iso)} ${iso.slice(11, 16)} UTC`;
}

/** A numbered box of the CMR form: number and title, then its lines (cut to fit). */
function box(
  page: PDFPage,
  canvas: Canvas,
  o: { x: number; y: number; w: number; h: number; n?: string; titulo: string; lineas: string[] },
) {
  page.drawRectangle({
    x: o.x,
    y: o.y - o.h,
    width: o.w,
    height: o.h,
    borderColor: INK,
    borderWidth: 0.6,
  });
  const label = o.n ? `${o.n}  ${o.titulo}` : o.titulo;
  text(page, label, {
    x: o.x + 4,
    y: o.y - 9,
    size: LABEL,
    font: canvas.bold,
    color: MUTED,
    maxWidth: o.w - 8,
  });
  let y = o.y - 20;
  for (const linea of o.lineas.flatMap((l) => wrap(l, canvas.regular, BODY, o.w - 8))) {
    if (y < o.y - o.h + 4) break;
    text(page, linea, { x: o.x + 4, y, size: BODY, font: canvas.regular });
    y -= LEAD;
  }
}

const ROL: Record<FirmaPdf['rol'], { n: string; titulo: string }> = {
  remitente: { n: '22', titulo: 'Firma y sello del remitente' },
  transportista: { n: '23', titulo: 'Firma y sello del transportista' },
  destinatario: { n: '24', titulo: 'Mercancía recibida: firma del destinatario' },
};

/**
 * The e-CMR in the layout of the paper CMR (numbered boxes 1–24) with the drawn signatures,
 * then a page with the signatures' details, the sealed event chain and a QR code to the
 * verification page (issue 18).
 */
export async function renderEcmrPdf(d: EcmrPdf): Promise<Buffer> {
  const canvas = await createCanvas(`e-CMR ${d.nota.numero}`, d.generado);
  const { regular, bold } = canvas;
  const page = canvas.doc.addPage([A4.width, A4.height]);
  const W = A4.width - 2 * MARGIN;
  const half = W / 2;
  const L = MARGIN;
  const R = MARGIN + half;
  let y = A4.height - MARGIN + 10;

  // Header: title and number on the right, QR code to the verification.
  const qr = await canvas.doc.embedPng(
    await QRCode.toBuffer(d.verificacionUrl, { type: 'png', margin: 1, width: 240 }),
  );
  box(page, canvas, {
    x: L,
    y,
    w: half,
    h: 78,
    n: '1',
    titulo: 'Remitente (nombre, domicilio, país)',
    lineas: parte(d.nota.remitente),
  });
  page.drawRectangle({
    x: R,
    y: y - 78,
    width: half,
    height: 78,
    borderColor: INK,
    borderWidth: 0.6,
  });
  text(page, 'CARTA DE PORTE INTERNACIONAL', {
    x: R + 6,
    y: y - 16,
    size: 9,
    font: bold,
    color: ACCENT,
    maxWidth: half - 84,
  });
  text(page, 'e-CMR · Convenio CMR y Protocolo adicional (2008)', {
    x: R + 6,
    y: y - 28,
    size: 7,
    font: regular,
    color: MUTED,
    maxWidth: half - 84,
  });
  text(page, `N.º ${d.nota.numero}`, { x: R + 6, y: y - 44, size: 11, font: bold });
  text(page, `Versión ${d.version} · ${d.estado}`, { x: R + 6, y: y - 58, size: 8, font: regular });
  text(
    page,
    `Ref. ${d.nota.referencias.transporte}${d.nota.referencias.partida ? ` · Partida ${d.nota.referencias.partida}` : ''}`,
    { x: R + 6, y: y - 70, size: 7, font: regular, color: MUTED, maxWidth: half - 84 },
  );
  page.drawImage(qr, { x: R + half - 74, y: y - 76, width: 70, height: 70 });
  y -= 78;

  const filas: Array<[Parameters<typeof box>[2], Parameters<typeof box>[2]]> = [
    [
      {
        x: L,
        y,
        w: half,
        h: 70,
        n: '2',
        titulo: 'Destinatario (nombre, domicilio, país)',
        lineas: parte(d.nota.destinatario),
      },
      {
        x: R,
        y,
        w: half,
        h: 70,
        n: '16',
        titulo: 'Transportista (nombre, domicilio, país)',
        lineas: [
          ...parte(d.nota.transportista),
          [
            d.nota.transportista.matricula ? `Matrícula ${d.nota.transportista.matricula}` : '',
            d.nota.transportista.conductor ? `Conductor ${d.nota.transportista.conductor}` : '',
          ]
            .filter(Boolean)
            .join(' · '),
        ],
      },
    ],
    [
      {
        x: L,
        y: y - 70,
        w: half,
        h: 56,
        n: '3',
        titulo: 'Lugar previsto de entrega de la mercancía',
        lineas: lugar(d.nota.lugar_entrega),
      },
      {
        x: R,
        y: y - 70,
        w: half,
        h: 56,
        n: '17',
        titulo: 'Porteadores sucesivos',
        lineas: d.nota.porteadores_sucesivos.length
          ? d.nota.porteadores_sucesivos.map((p) => parte(p).join(', '))
          : ['—'],
      },
    ],
    [
      {
        x: L,
        y: y - 126,
        w: half,
        h: 56,
        n: '4',
        titulo: 'Lugar y fecha de carga de la mercancía',
        lineas: lugar(d.nota.lugar_carga),
      },
      {
        x: R,
        y: y - 126,
        w: half,
        h: 90,
        n: '18',
        titulo: 'Reservas y observaciones del transportista',
        lineas: [d.nota.reservas_transportista ?? '—'],
      },
    ],
  ];
  for (const [a, b] of filas) {
    box(page, canvas, a);
    box(page, canvas, b);
  }
  box(page, canvas, {
    x: L,
    y: y - 182,
    w: half,
    h: 34,
    n: '5',
    titulo: 'Documentos anexos',
    lineas: [d.nota.documentos_anexos ?? '—'],
  });
  y -= 216;

  // Goods table, boxes 6 to 12.
  const cols = [
    { n: '6', t: 'Marcas y números', w: 0.2 },
    { n: '7', t: 'Bultos', w: 0.08 },
    { n: '8', t: 'Embalaje', w: 0.13 },
    { n: '9', t: 'Naturaleza de la mercancía', w: 0.26 },
    { n: '10', t: 'N.º estad.', w: 0.09 },
    { n: '11', t: 'Peso bruto kg', w: 0.12 },
    { n: '12', t: 'Volumen m³', w: 0.12 },
  ];
  const filasMercancia = d.nota.mercancias.slice(0, 6);
  const hTabla = 18 + filasMercancia.length * LEAD + 8;
  page.drawRectangle({
    x: L,
    y: y - hTabla,
    width: W,
    height: hTabla,
    borderColor: INK,
    borderWidth: 0.6,
  });
  page.drawRectangle({ x: L, y: y - 16, width: W, height: 16, color: BAND });
  let x = L;
  for (const c of cols) {
    text(page, `${c.n} ${c.t}`, {
      x: x + 3,
      y: y - 11,
      size: LABEL,
      font: bold,
      color: MUTED,
      maxWidth: c.w * W - 6,
    });
    x += c.w * W;
  }
  filasMercancia.forEach((m, i) => {
    const valores = [
      m.marcas ?? '',
      String(m.bultos),
      m.embalaje ?? '',
      m.naturaleza ?? '',
      m.numero_estadistico ?? '',
      m.peso_bruto_kg.toLocaleString('es-ES'),
      m.volumen_m3 === null ? '' : m.volumen_m3.toLocaleString('es-ES'),
    ];
    let cx = L;
    valores.forEach((v, j) => {
      text(page, v, {
        x: cx + 3,
        y: y - 28 - i * LEAD,
        size: BODY,
        font: regular,
        maxWidth: cols[j]!.w * W - 6,
      });
      cx += cols[j]!.w * W;
    });
  });
  y -= hTabla;

  const FORMA_PAGO = { porte_pagado: 'Porte pagado', porte_debido: 'Porte debido' } as const;
  box(page, canvas, {
    x: L,
    y,
    w: half,
    h: 56,
    n: '13',
    titulo: 'Instrucciones del remitente',
    lineas: [d.nota.instrucciones_remitente ?? '—'],
  });
  box(page, canvas, {
    x: R,
    y,
    w: half,
    h: 56,
    n: '19',
    titulo: 'Estipulaciones particulares',
    lineas: [d.nota.estipulaciones ?? '—'],
  });
  y -= 56;
  box(page, canvas, {
    x: L,
    y,
    w: half / 2,
    h: 34,
    n: '14',
    titulo: 'Forma de pago',
    lineas: [d.nota.forma_pago ? FORMA_PAGO[d.nota.forma_pago] : '—'],
  });
  box(page, canvas, {
    x: L + half / 2,
    y,
    w: half / 2,
    h: 34,
    n: '15',
    titulo: 'Reembolso',
    lineas: [d.nota.reembolso ?? '—'],
  });
  box(page, canvas, {
    x: R,
    y,
    w: half,
    h: 34,
    n: '21',
    titulo: 'Establecido en',
    lineas: [
      `${d.nota.establecido_en.lugar}${d.nota.establecido_en.fecha ? `, a ${fechaEs(d.nota.establecido_en.fecha)}` : ''}`,
    ],
  });
  y -= 34;

  // Signature boxes 22, 23, 24 with the drawn images.
  const third = W / 3;
  // Tall enough for the image, the name, the time and a few lines of reservations.
  const hFirma = Math.min(y - 60, 170);
  const imagenes = new Map<FirmaPdf, PDFImage>();
  for (const f of d.firmas) imagenes.set(f, await canvas.doc.embedPng(f.imagen));
  (['remitente', 'transportista', 'destinatario'] as const).forEach((rol, i) => {
    const bx = L + i * third;
    const firma = [...d.firmas].reverse().find((f) => f.rol === rol);
    page.drawRectangle({
      x: bx,
      y: y - hFirma,
      width: third,
      height: hFirma,
      borderColor: INK,
      borderWidth: 0.6,
    });
    text(page, `${ROL[rol].n}  ${ROL[rol].titulo}`, {
      x: bx + 4,
      y: y - 9,
      size: LABEL,
      font: bold,
      color: MUTED,
      maxWidth: third - 8,
    });
    if (!firma) {
      text(page, 'Sin firmar', { x: bx + 4, y: y - 24, size: BODY, font: regular, color: MUTED });
      return;
    }
    const img = imagenes.get(firma)!;
    const escala = Math.min((third - 16) / img.width, 60 / img.height, 1);
    page.drawImage(img, {
      x: bx + 8,
      y: y - 20 - img.height * escala,
      width: img.width * escala,
      height: img.height * escala,
    });
    let ly = y - 90;
    const lineas = [
      firma.nombre,
      instante(firma.firmado_at),
      `Versión ${firma.version}${firma.cubre_version_actual ? '' : ' (no cubre la versión actual)'}`,
      ...(firma.reservas ? [`Reservas: ${firma.reservas}`] : []),
      ...(firma.fotos.length > 0 ? [`${firma.fotos.length} foto(s) de las reservas`] : []),
    ];
    for (const linea of lineas.flatMap((l) => wrap(l, regular, BODY - 1, third - 8))) {
      if (ly < y - hFirma + 4) break;
      text(page, linea, {
        x: bx + 4,
        y: ly,
        size: BODY - 1,
        font: regular,
        color: linea.startsWith('Reservas') || linea.includes('no cubre') ? RED : INK,
      });
      ly -= LEAD - 1;
    }
  });

  // Page 2: the signatures' details, the event chain, how to verify.
  const p2 = canvas.doc.addPage([A4.width, A4.height]);
  let y2 = A4.height - MARGIN;
  text(p2, `e-CMR ${d.nota.numero}: firmas y cadena de eventos`, {
    x: L,
    y: y2,
    size: 13,
    font: bold,
    color: ACCENT,
  });
  y2 -= 20;
  const parrafos = [
    `Huella SHA-256 de la versión ${d.version} (JSON canónico, RFC 8785): ${d.documento_sha256}`,
    `Verificación: ${d.verificacionUrl}`,
    `Cada evento lleva el hash SHA-256 del anterior y el sello Ed25519 del servidor (clave ${d.claveId}, publicada en /api/ecmr/clave-publica).`,
  ];
  for (const linea of parrafos.flatMap((p) => wrap(p, regular, BODY, W - 100))) {
    text(p2, linea, { x: L, y: y2, size: BODY, font: regular });
    y2 -= LEAD;
  }
  y2 -= 8;
  text(p2, 'Firmas', { x: L, y: y2, size: 10, font: bold });
  y2 -= 14;
  for (const f of d.firmas) {
    const linea = `${ROL[f.rol].n} · ${f.nombre} · ${instante(f.firmado_at)} · versión ${f.version} · ${CANAL[f.canal] ?? f.canal} · SHA-256 ${f.documento_sha256}`;
    for (const l of wrap(linea, regular, BODY - 0.5, W - 100)) {
      text(p2, l, { x: L, y: y2, size: BODY - 0.5, font: regular });
      y2 -= LEAD - 0.5;
    }
  }
  if (d.firmas.length === 0) {
    text(p2, 'Aún no hay firmas.', { x: L, y: y2, size: BODY, font: regular, color: MUTED });
    y2 -= LEAD;
  }
  y2 -= 8;
  text(p2, 'Cadena de eventos', { x: L, y: y2, size: 10, font: bold });
  y2 -= 14;
  for (const e of d.eventos) {
    if (y2 < 70) break;
    text(p2, `${e.secuencia}. ${TIPO_EVENTO[e.tipo] ?? e.tipo} · ${instante(e.ocurrido_at)}`, {
      x: L,
      y: y2,
      size: BODY,
      font: bold,
    });
    y2 -= LEAD;
    text(p2, `hash ${e.hash}`, { x: L + 10, y: y2, size: 7, font: regular, color: MUTED });
    y2 -= 9;
    text(p2, `sello ${e.sello}`, {
      x: L + 10,
      y: y2,
      size: 6,
      font: regular,
      color: MUTED,
      maxWidth: W - 10,
    });
    y2 -= 12;
  }
  p2.drawImage(qr, {
    x: A4.width - MARGIN - 90,
    y: A4.height - MARGIN - 110,
    width: 90,
    height: 90,
  });
  p2.drawLine({ start: { x: L, y: y2 }, end: { x: L + W, y: y2 }, thickness: 0.5, color: RULE });

  drawFooters(canvas, `e-CMR ${d.nota.numero} · generado el ${instante(d.generado.toISOString())}`);
  return toBuffer(canvas);
}
