import type {
  LoteCertificadosProveedor,
  LotePrevencionDocumentos,
  ResultadoCertificados,
} from '@extranet/contracts/integracion/documentos';
import type { ResultadoPdf } from '@extranet/contracts/integracion/facturas';
import type { ErrorRegistro, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.js';
import { clock } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import type { ReceivedUpload } from '../../../storage/receive-upload.js';
import { insertArchivo } from '../../archivos/repository.js';
import { batchValidationError, resultado } from '../service.js';
import { pdfNombre } from '../facturas/pdf-body.js';
import {
  deleteCertificados,
  deleteLecturas,
  deleteRequeridos,
  documentoIdsByErp,
  insertCertificadoValidado,
  lockDocumentoByErp,
  lockProveedorByErp,
  requeridosDe,
  setDocumentoArchivo,
  tiposExistentes,
  updateCertificadoValidado,
  upsertDocumentos,
  upsertRequerido,
} from './repository.js';

type Db = Kysely<Database>;

/** Shown on the carrier's certificates page for a version the company validated itself. */
export const DESCRIPCION_VALIDADO = 'Validado por la empresa';

/**
 * The whole set of certificates the ERP requires of one carrier (by its `erp_id`; 404 when
 * unknown). Each type must be in the catalogue (indexed error otherwise). `obligatorio`
 * overrides the catalogue's for this carrier on the certificates page and in the offer block;
 * a type left out goes back to the catalogue's rule. An expiry sent is the company's own
 * validated version of that certificate (kept up to date in place, removed when no longer sent).
 * `db` is the caller's transaction.
 */
export async function upsertCertificadosProveedor(
  db: Db,
  proveedorErpId: string,
  lote: LoteCertificadosProveedor,
): Promise<ResultadoCertificados> {
  const proveedor = await lockProveedorByErp(db, proveedorErpId);
  if (!proveedor) throw new HttpError(404, 'NOT_FOUND', 'Proveedor no encontrado.');
  const proveedorId = Number(proveedor.id);
  const tipos = await tiposExistentes(
    db,
    lote.items.map((c) => c.tipo),
  );
  const problems: ErrorRegistro[] = [];
  lote.items.forEach((c, index) => {
    if (!tipos.has(c.tipo)) {
      problems.push({
        index,
        path: 'tipo',
        message: `No hay ningún tipo de certificado con código ${c.tipo}.`,
      });
    }
  });
  if (problems.length > 0) throw batchValidationError(problems);

  const now = clock.now().toISOString();
  const antes = await requeridosDe(db, proveedorId);
  const items: ResultadoCertificados['items'] = [];
  const retirados: number[] = [];
  for (const c of lote.items) {
    let certificadoId = antes.get(c.tipo) ?? null;
    if (c.fecha_caducidad) {
      const fechas = { fecha_emision: c.fecha_emision ?? null, fecha_caducidad: c.fecha_caducidad };
      if (certificadoId === null) {
        certificadoId = await insertCertificadoValidado(db, {
          proveedor_id: proveedorId,
          tipo: c.tipo,
          descripcion: DESCRIPCION_VALIDADO,
          ...fechas,
          created_at: now,
        });
      } else {
        await updateCertificadoValidado(db, certificadoId, fechas);
      }
    } else if (certificadoId !== null) {
      retirados.push(certificadoId);
      certificadoId = null;
    }
    await upsertRequerido(db, {
      proveedor_id: proveedorId,
      tipo: c.tipo,
      obligatorio: c.obligatorio ? 1 : 0,
      certificado_id: certificadoId,
      updated_at: now,
    });
    items.push({ tipo: c.tipo, obligatorio: c.obligatorio, certificado_id: certificadoId });
  }
  const enviados = new Set(lote.items.map((c) => c.tipo));
  const fuera = [...antes.keys()].filter((tipo) => !enviados.has(tipo));
  for (const tipo of fuera) {
    const id = antes.get(tipo);
    if (id !== null && id !== undefined) retirados.push(id);
  }
  await deleteRequeridos(db, proveedorId, fuera);
  await deleteCertificados(db, retirados);
  return { proveedor_id: proveedorId, items };
}

/**
 * Prevention documents by the ERP's ids, published to every carrier when created; an inactive
 * one is hidden from them (acknowledgements kept). `db` is the caller's transaction.
 */
export async function upsertPrevencionDocumentosLote(
  db: Db,
  lote: LotePrevencionDocumentos,
): Promise<ResultadoLote> {
  const keys = lote.items.map((d) => d.erp_id);
  const before = await documentoIdsByErp(db, keys);
  const after = await upsertDocumentos(
    db,
    lote.items.map((d) => ({
      erp_id: d.erp_id,
      titulo: d.titulo,
      descripcion: d.descripcion ?? null,
      obligatorio: d.obligatorio ? 1 : 0,
      activo: d.activo ? 1 : 0,
    })),
    clock.now().toISOString(),
  );
  return resultado(keys, before, after);
}

/**
 * The PDF of a prevention document (404 when its `erp_id` is unknown): a file of the company
 * linked to it. A different file is a new version: every carrier must acknowledge it again.
 * The same bytes again change nothing.
 */
export async function guardarPdfDocumento(
  trx: Transaction<Database>,
  erpId: string,
  upload: ReceivedUpload,
): Promise<ResultadoPdf> {
  const documento = await lockDocumentoByErp(trx, erpId);
  if (!documento) throw new HttpError(404, 'NOT_FOUND', 'Documento no encontrado.');
  const id = Number(documento.id);
  const answer = (archivoId: number) => ({
    id,
    archivo_id: archivoId,
    sha256: upload.sha256,
    tamano_bytes: upload.size,
  });
  if (documento.archivo_id !== null && documento.sha256 === upload.sha256) {
    return answer(Number(documento.archivo_id));
  }
  // The company's own document, reached through the document (no owning customer or carrier).
  const archivo = await insertArchivo(trx, {
    propietario_tipo: 'sistema',
    propietario_id: null,
    tipo: 'prevencion',
    nombre: pdfNombre(documento.titulo),
    mime: upload.mime,
    tamano_bytes: upload.size,
    sha256: upload.sha256,
    storage_key: upload.storageKey,
    usuario_id: null,
  });
  await setDocumentoArchivo(trx, id, archivo.id);
  if (documento.archivo_id !== null) await deleteLecturas(trx, id);
  return answer(archivo.id);
}
