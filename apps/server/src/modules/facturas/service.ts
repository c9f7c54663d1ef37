import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  Factura,
  FacturaDetalle,
  FacturaEstado,
  FacturasPage,
  FacturasQuery,
} from '@extranet/contracts/facturas/factura';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Archivo, Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { byDateAndId, keysetPage } from '../../lib/keyset-page.js';
import { facturaNumero, renderFacturaPdf } from '../../pdf/factura-pdf.js';
import { HttpError } from '../../lib/http-error.js';
import type { ClienteActor } from '../../plugins/actor.js';
import { contentKey, type FileStorage } from '../../storage/file-storage.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload, storeContent } from '../archivos/service.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import {
  findClienteFacturacion,
  findFactura,
  findFacturaArchivo,
  listFacturas,
  listLineas,
  setFacturaArchivo,
  type FacturaRow,
} from './repository.js';

type Db = Kysely<Database>;

const CURSOR = 'fc';

/** Paid; else overdue when its due date is before today in Spain; else pending. */
export function estadoDe(row: Pick<FacturaRow, 'pagada' | 'vto'>, hoy: string): FacturaEstado {
  if (Number(row.pagada) === 1) return 'pagada';
  return row.vto !== null && row.vto < hoy ? 'vencida' : 'pendiente';
}

function toFactura(row: FacturaRow, hoy: string): Factura {
  return {
    id: row.id,
    serie: row.serie,
    numero: row.numero,
    fecha_emision: row.fecha_emision,
    vto: row.vto,
    base_imponible_centimos: row.base_imponible_centimos,
    iva_porcentaje: row.iva_porcentaje,
    iva_centimos: row.iva_centimos,
    importe_centimos: row.importe_centimos,
    pagada: Number(row.pagada) === 1,
    estado: estadoDe(row, hoy),
  };
}

/** "Facturas": one page of this client's invoices, newest first. */
export async function listFacturasPage(
  db: Db,
  clienteId: number,
  query: FacturasQuery,
): Promise<FacturasPage> {
  const hoy = todayInSpain(clock.now());
  const filtro = {
    estado: query.estado,
    fechaDesde: query.fechaDesde,
    fechaHasta: query.fechaHasta,
    hoy,
  };
  const page = await keysetPage(
    byDateAndId(CURSOR, 'fecha_emision', (after, limit) =>
      listFacturas(db, clienteId, filtro, after, limit),
    ),
    query.cursor,
    query.limit,
  );
  return { items: page.items.map((row) => toFactura(row, hoy)), nextCursor: page.nextCursor };
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Factura no encontrada.');

/** One invoice of this client with its lines; 404 when it is not this client's. */
export async function getFactura(db: Db, clienteId: number, id: number): Promise<FacturaDetalle> {
  const row = await findFactura(db, clienteId, id);
  if (!row) throw notFound();
  const lineas = await listLineas(db, clienteId, id);
  return { ...toFactura(row, todayInSpain(clock.now())), lineas };
}

/** What generating a PDF needs besides the database. */
export interface PdfDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/** Thrown inside the transaction when a concurrent request linked its PDF first. */
class PdfYaEnlazado extends Error {}

/**
 * The invoice's PDF as an archivo to send: the stored one when there is one (the ERP's, or
 * one generated before); otherwise rendered now, stored under its content address and
 * recorded as an archivo of the client linked to the invoice, in one transaction.
 */
export async function facturaPdf(
  deps: PdfDeps,
  actor: ClienteActor,
  id: number,
): Promise<Pick<Archivo, 'id' | 'nombre' | 'mime' | 'storage_key'>> {
  const existing = await findFacturaArchivo(deps.db, actor.clienteId, id);
  if (existing) return existing;
  const factura = await findFactura(deps.db, actor.clienteId, id);
  if (!factura) throw notFound();
  const [lineas, cliente] = [
    await listLineas(deps.db, actor.clienteId, id),
    await findClienteFacturacion(deps.db, actor.clienteId),
  ];
  if (!cliente) throw notFound();
  const bytes = await renderFacturaPdf(factura, lineas, cliente);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storageKey = contentKey(sha256);
  const created = await storeContent(deps, storageKey, () =>
    deps.storage.put(storageKey, Readable.from([bytes]), {
      mime: 'application/pdf',
      size: bytes.length,
    }),
  );
  const stored: ReceivedUpload = {
    storageKey,
    sha256,
    size: bytes.length,
    mime: 'application/pdf',
    nombre: `Factura ${facturaNumero(factura)}.pdf`,
    created,
  };
  try {
    return await recordUpload(deps, async (trx) => {
      const archivo = await insertArchivo(
        trx,
        archivoValues(stored, 'factura', { kind: 'cliente', id: actor.clienteId }, actor.usuarioId),
      );
      if (!(await setFacturaArchivo(trx, actor.clienteId, id, archivo.id))) {
        throw new PdfYaEnlazado();
      }
      return archivo;
    });
  } catch (error) {
    if (!(error instanceof PdfYaEnlazado)) throw error;
    const winner = await findFacturaArchivo(deps.db, actor.clienteId, id);
    if (!winner) throw notFound();
    return winner;
  }
}
