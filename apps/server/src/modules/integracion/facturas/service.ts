import { createHash } from 'node:crypto';
import {
  claveFactura,
  type FacturaErp,
  type LoteFacturas,
  type ResultadoPdf,
} from '@extranet/contracts/integracion/facturas';
import type { ErrorRegistro, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.js';
import { facturaNumero } from '../../../pdf/factura-pdf.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ReceivedUpload } from '../../../storage/receive-upload.js';
import { insertArchivo } from '../../archivos/repository.js';
import { archivoValues } from '../../archivos/service.js';
import { empresaIdsByErp } from '../repository.js';
import { batchValidationError } from '../service.js';
import { pdfNombre } from './pdf-body.js';
import {
  facturasByClave,
  lockFacturaByClave,
  portesByPartida,
  replaceLineas,
  setPdfErp,
  unlinkPdfs,
  upsertFacturas,
  type LineaValores,
} from './repository.js';

type Db = Kysely<Database>;

/**
 * Hash of what an invoice's PDF prints besides its paid state: client, dates, amounts and
 * lines. When it changes, a stored PDF (the ERP's or our rendering) no longer matches.
 */
export function contenidoSha256(f: FacturaErp, clienteId: number): string {
  const contenido = [
    clienteId,
    f.fecha_emision,
    f.vto ?? null,
    f.base_imponible_centimos,
    f.iva_porcentaje,
    f.iva_centimos,
    f.importe_centimos,
    f.lineas.map((l) => [
      l.concepto,
      l.partida ?? null,
      l.cantidad,
      l.precio_centimos,
      l.importe_centimos,
    ]),
  ];
  return createHash('sha256').update(JSON.stringify(contenido)).digest('hex');
}

/**
 * Customer invoices by (serie, numero), each for the client with that ERP id (an unknown one
 * rejects the batch with the index of every such record), lines replaced as a set. A stored
 * PDF that no longer matches is unlinked, so the customer never downloads a stale one: any PDF
 * when the content changed, our rendering also when only the paid state did (it prints it).
 * `db` is the caller's transaction.
 */
export async function upsertFacturasLote(db: Db, lote: LoteFacturas): Promise<ResultadoLote> {
  const clientes = await empresaIdsByErp(db, 'clientes', [
    ...new Set(lote.items.map((f) => f.cliente_erp_id)),
  ]);
  const problems: ErrorRegistro[] = [];
  lote.items.forEach((f, index) => {
    if (!clientes.has(f.cliente_erp_id)) {
      problems.push({
        index,
        path: 'cliente_erp_id',
        message: `No hay ningún cliente con erp_id ${f.cliente_erp_id}.`,
      });
    }
  });
  if (problems.length > 0) throw batchValidationError(problems);

  const existentes = new Map(
    (await facturasByClave(db, lote.items)).map((f) => [claveFactura(f), f]),
  );
  const rows = lote.items.map((f) => {
    const clienteId = clientes.get(f.cliente_erp_id) ?? 0;
    return {
      erp: f,
      clave: claveFactura(f),
      valores: {
        cliente_id: clienteId,
        serie: f.serie,
        numero: f.numero,
        fecha_emision: f.fecha_emision,
        vto: f.vto ?? null,
        base_imponible_centimos: f.base_imponible_centimos,
        iva_porcentaje: f.iva_porcentaje,
        iva_centimos: f.iva_centimos,
        importe_centimos: f.importe_centimos,
        pagada: f.pagada ? (1 as const) : (0 as const),
        contenido_sha256: contenidoSha256(f, clienteId),
      },
    };
  });
  const ids = await upsertFacturas(
    db,
    rows.map((r) => r.valores),
  );
  const idOf = (clave: string) => {
    const id = ids.get(clave);
    if (id === undefined) throw new Error(`upsert sin id para ${clave}`);
    return id;
  };

  const stale: number[] = [];
  const changed = rows.filter((r) => {
    const antes = existentes.get(r.clave);
    if (!antes) return true;
    const contenido = antes.contenido_sha256 !== r.valores.contenido_sha256;
    const pagada = Number(antes.pagada) !== r.valores.pagada;
    if (antes.archivo_id !== null && (contenido || (pagada && Number(antes.pdf_erp) === 0))) {
      stale.push(antes.id);
    }
    return contenido;
  });
  await unlinkPdfs(db, stale);

  // Lines are rewritten only where the content changed: a re-sent invoice costs one upsert.
  const portes = await portesByPartida(db, [
    ...new Set(changed.flatMap((r) => r.erp.lineas.flatMap((l) => l.partida ?? []))),
  ]);
  const lineas: LineaValores[] = changed.flatMap((r) =>
    r.erp.lineas.map((l, i) => {
      const porte = l.partida ? portes.get(l.partida) : undefined;
      return {
        factura_id: idOf(r.clave),
        orden: i + 1,
        concepto: l.concepto,
        partida: l.partida ?? null,
        // Linked only to a shipment of the same client: the customer may open it.
        porte_id: porte && porte.cliente_id === r.valores.cliente_id ? porte.id : null,
        cantidad: l.cantidad,
        precio_centimos: l.precio_centimos,
        importe_centimos: l.importe_centimos,
      };
    }),
  );
  await replaceLineas(
    db,
    changed.map((r) => idOf(r.clave)),
    lineas,
  );

  const items = rows.map((r) => ({
    erp_id: r.clave,
    id: idOf(r.clave),
    creado: !existentes.has(r.clave),
  }));
  const creados = items.filter((i) => i.creado).length;
  return { creados, actualizados: items.length - creados, items };
}

/** `FV26-123` → serie `FV26`, numero 123 (the serie may contain `-`: the last one splits). */
export function parseClave(clave: string): { serie: string; numero: number } {
  const match = /^(.+)-(\d+)$/.exec(clave);
  if (!match) throw new HttpError(404, 'NOT_FOUND', 'Factura no encontrada.');
  return { serie: match[1]!, numero: Number(match[2]) };
}

/**
 * The ERP's own PDF of an invoice: recorded as a file of the invoice's client and linked to
 * it in the caller's transaction; from then on the customer downloads exactly these bytes.
 * The same bytes again change nothing. 404 when there is no such invoice.
 */
export async function guardarPdfFactura(
  trx: Transaction<Database>,
  clave: string,
  upload: ReceivedUpload,
): Promise<ResultadoPdf> {
  const { serie, numero } = parseClave(clave);
  const factura = await lockFacturaByClave(trx, serie, numero);
  if (!factura) throw new HttpError(404, 'NOT_FOUND', 'Factura no encontrada.');
  const id = Number(factura.id);
  if (Number(factura.pdf_erp) === 1 && factura.archivo_id !== null) {
    if (factura.sha256 === upload.sha256) {
      return {
        id,
        archivo_id: factura.archivo_id,
        sha256: upload.sha256,
        tamano_bytes: upload.size,
      };
    }
  }
  const archivo = await insertArchivo(
    trx,
    archivoValues(
      { ...upload, nombre: pdfNombre(`Factura ${facturaNumero(factura)}`) },
      'factura',
      { kind: 'cliente', id: Number(factura.cliente_id) },
      null,
    ),
  );
  await setPdfErp(trx, id, archivo.id);
  return { id, archivo_id: archivo.id, sha256: upload.sha256, tamano_bytes: upload.size };
}
