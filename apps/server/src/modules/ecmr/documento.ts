import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ECMR_ESTADO_TEXTO } from '@extranet/contracts/ecmr/constants';
import type { FastifyBaseLogger } from 'fastify';
import { clock } from '../../lib/clock.js';
import { renderEcmrPdf } from '../../pdf/ecmr-pdf.js';
import { recordEvent } from '../../outbox/events.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { HttpError } from '../../lib/http-error.js';
import { contentKey } from '../../storage/file-storage.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload, storeContent } from '../archivos/service.js';
import { setSubpartidaCmr } from '../transportes/repository.js';
import { findContextoEcmr, findEcmr, updateEcmr, type EcmrRow } from './repository.js';
import {
  datosParaPdf,
  nombreFotoReserva,
  toFirma,
  verificacionQrUrl,
  type EcmrDeps,
} from './service.js';

/** The note's PDF as it stands now: boxes, signatures, the chain and the QR code. */
export async function pdfDeEcmr(deps: EcmrDeps, ecmr: EcmrRow): Promise<Buffer> {
  const { nota, version, doc } = await datosParaPdf(deps.db, ecmr);
  return renderEcmrPdf({
    nota,
    version: version.version,
    documento_sha256: version.documento_sha256,
    estado: ECMR_ESTADO_TEXTO[ecmr.estado],
    firmas: doc.firmas.map((f) => ({
      ...toFirma(f, ecmr.version_actual),
      imagen: Buffer.from(f.imagen_png, 'base64'),
    })),
    eventos: doc.eventos,
    verificacionUrl: verificacionQrUrl(deps.publicUrl, ecmr),
    claveId: deps.sello.claveId,
    generado: clock.now(),
  });
}

/** The file name of a note's PDF. */
export function nombrePdf(ecmr: Pick<EcmrRow, 'numero'>): string {
  return `e-CMR ${ecmr.numero.replace(/[^\w.-]+/g, '_')}.pdf`;
}

/**
 * Once the consignee has signed, the delivered note's PDF is stored as a file of the carrier
 * and becomes the leg's CMR when it has none (the carrier's own upload wins): the invoicing and
 * the customer's tracking then treat it as the uploaded CMR, and `cmr.subido` tells the ERP.
 */
export async function guardarCmrDeEntrega(
  deps: EcmrDeps & { storage: FileStorage; log: FastifyBaseLogger },
  ecmrId: number,
): Promise<void> {
  const ecmr = await findEcmr(deps.db, ecmrId);
  if (!ecmr || ecmr.archivo_id !== null) return;
  if (ecmr.estado !== 'entregada' && ecmr.estado !== 'con_reservas') return;
  const bytes = await pdfDeEcmr(deps, ecmr);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const storageKey = contentKey(sha256);
  const created = await storeContent(deps, storageKey, () =>
    deps.storage.put(storageKey, Readable.from([bytes]), {
      mime: 'application/pdf',
      size: bytes.length,
    }),
  );
  const contexto = await findContextoEcmr(deps.db, ecmrId);
  await recordUpload(deps, async (trx) => {
    const archivo = await insertArchivo(
      trx,
      archivoValues(
        {
          storageKey,
          sha256,
          size: bytes.length,
          mime: 'application/pdf',
          nombre: nombrePdf(ecmr),
          created,
        },
        'cmr',
        { kind: 'proveedor', id: contexto.proveedor_id },
        null,
      ),
    );
    await updateEcmr(trx, ecmrId, { archivo_id: archivo.id });
    const now = clock.now().toISOString();
    if (await setSubpartidaCmr(trx, contexto.proveedor_id, ecmr.subpartida_id, archivo.id, now)) {
      await recordEvent(trx, 'cmr.subido', {
        subpartida_id: ecmr.subpartida_id,
        proveedor_id: contexto.proveedor_id,
        usuario_id: null,
        archivo_id: archivo.id,
        sha256,
        bytes: bytes.length,
      });
    }
  });
}

/**
 * Records a reservation photo of the note as a file of the carrier, named so that only this
 * note's signature can refer to it (`nombreFotoReserva`). Only while the consignee has not
 * signed.
 */
export async function guardarFotoReserva(
  deps: { db: EcmrDeps['db'] },
  ecmr: EcmrRow,
  upload: ReceivedUpload,
): Promise<{ archivo_id: number; sha256: string }> {
  if (ecmr.estado === 'entregada' || ecmr.estado === 'con_reservas') {
    throw new HttpError(
      409,
      'ECMR_DELIVERED',
      'El e-CMR ya está firmado en la entrega: no admite cambios.',
    );
  }
  const contexto = await findContextoEcmr(deps.db, ecmr.id);
  const extension = upload.mime === 'image/png' ? 'png' : 'jpg';
  const archivo = await recordUpload(deps, (trx) =>
    insertArchivo(
      trx,
      archivoValues(
        {
          ...upload,
          nombre: `${nombreFotoReserva(ecmr.id)}${upload.sha256.slice(0, 12)}.${extension}`,
        },
        'otro',
        { kind: 'proveedor', id: contexto.proveedor_id },
        null,
      ),
    ),
  );
  return { archivo_id: Number(archivo.id), sha256: archivo.sha256 };
}
