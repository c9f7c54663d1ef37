import {
  CertificadoCampos,
  DIAS_AVISO_CADUCIDAD,
  type CertificadoEstado,
  type CertificadosBloqueo,
  type CertificadosList,
  type CertificadoTipoEstado,
  type CertificadoVersion,
} from '@extranet/contracts/certificados/certificado';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { parseUploadFields, refuseUpload } from '../archivos/upload-fields.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload } from '../archivos/service.js';
import { recordAudit } from '../audit/repository.js';
import { certificateBlock, certificateBlockMessage, todayInSpain } from '../cargas/offer-rules.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import type { UploadDeps } from '../archivos/service.js';
import { findTipo, insertCertificado, listCertificados, listTiposProveedor } from './repository.js';

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;

/** Whole days from `today` to `fecha` (both 'YYYY-MM-DD'); negative in the past. */
function diasHasta(today: string, fecha: string): number {
  return Math.round((Date.parse(`${fecha}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/**
 * Status of a current version. Expired is decided by the load exchange's rule
 * (`certificateBlock`, modules/cargas/offer-rules.ts) applied to this one certificate, so the
 * page and the offer block never disagree; expiring soon = at most 30 days left.
 */
export function estadoCertificado(
  tipo: { codigo: string; nombre: string },
  fechaCaducidad: string,
  today: string,
): CertificadoEstado {
  const expired =
    certificateBlock(
      [
        {
          tipo: tipo.codigo,
          nombre: tipo.nombre,
          obligatorio: true,
          fecha_caducidad: fechaCaducidad,
        },
      ],
      today,
    ) !== null;
  if (expired) return 'caducado';
  return diasHasta(today, fechaCaducidad) <= DIAS_AVISO_CADUCIDAD ? 'caduca_pronto' : 'valido';
}

/** Every certificate type with this carrier's current version, status and history. */
export async function listCertificadosProveedor(
  db: Db,
  proveedorId: number,
): Promise<CertificadosList> {
  const today = todayInSpain(clock.now());
  const [tipos, certificados] = await Promise.all([
    listTiposProveedor(db, proveedorId),
    listCertificados(db, proveedorId),
  ]);
  const items = tipos.map((tipo): CertificadoTipoEstado => {
    const historial: CertificadoVersion[] = certificados
      .filter((c) => c.tipo === tipo.codigo)
      .map(({ tipo: _tipo, ...version }) => version);
    // The latest expiry counts, as in the offer rule (a renewal replaces the old one).
    const actual = historial[0] ?? null;
    return {
      tipo: tipo.codigo,
      nombre: tipo.nombre,
      obligatorio: tipo.obligatorio === 1,
      estado: actual ? estadoCertificado(tipo, actual.fecha_caducidad, today) : 'falta',
      dias_restantes: actual ? diasHasta(today, actual.fecha_caducidad) : null,
      actual,
      historial,
    };
  });
  return { items, bloqueo: bloqueoDe(tipos, certificados, today) };
}

function bloqueoDe(
  tipos: Array<{ codigo: string; nombre: string; obligatorio: 0 | 1 }>,
  certificados: Array<{ tipo: string; fecha_caducidad: string }>,
  today: string,
): CertificadosBloqueo {
  const byCodigo = new Map(tipos.map((t) => [t.codigo, t]));
  const block = certificateBlock(
    certificados.flatMap((c) => {
      const tipo = byCodigo.get(c.tipo);
      return tipo
        ? [
            {
              tipo: c.tipo,
              nombre: tipo.nombre,
              obligatorio: tipo.obligatorio === 1,
              fecha_caducidad: c.fecha_caducidad,
            },
          ]
        : [];
    }),
    today,
  );
  return block
    ? { bloqueado: true, motivo: certificateBlockMessage(block) }
    : { bloqueado: false, motivo: null };
}

/** The warning of every supplier page: the same reason that refuses an offer. */
export async function estadoBloqueo(db: Db, proveedorId: number): Promise<CertificadosBloqueo> {
  const [tipos, certificados] = await Promise.all([
    listTiposProveedor(db, proveedorId),
    listCertificados(db, proveedorId),
  ]);
  return bloqueoDe(tipos, certificados, todayInSpain(clock.now()));
}

/**
 * A new version of a certificate (older ones stay as history): the file and the row in one
 * transaction. The type must exist, the expiry be after today, the issue date not in the future.
 */
export async function subirCertificado(
  deps: UploadDeps,
  actor: ProveedorActor,
  upload: ReceivedUpload,
  fields: Record<string, string>,
): Promise<CertificadosList> {
  const campos = parseUploadFields(CertificadoCampos, fields);
  const today = todayInSpain(clock.now());
  if (campos.fecha_caducidad <= today) {
    refuseUpload('fecha_caducidad', 'La fecha de caducidad debe ser posterior a hoy.');
  }
  if (campos.fecha_emision && campos.fecha_emision > today) {
    refuseUpload('fecha_emision', 'La fecha de emisión no puede ser posterior a hoy.');
  }
  await recordUpload(deps, async (trx) => {
    const tipo = await findTipo(trx, campos.tipo);
    if (!tipo) {
      throw new HttpError(400, 'VALIDATION_ERROR', 'Tipo de certificado desconocido.', [
        { path: '/tipo', message: 'Tipo de certificado desconocido.' },
      ]);
    }
    const archivo = await insertArchivo(
      trx,
      archivoValues(
        upload,
        'certificado',
        { kind: 'proveedor', id: actor.proveedorId },
        actor.usuarioId,
      ),
    );
    const id = await insertCertificado(trx, {
      proveedor_id: actor.proveedorId,
      tipo: tipo.codigo,
      descripcion: campos.descripcion || null,
      archivo_id: archivo.id,
      fecha_emision: campos.fecha_emision ?? null,
      fecha_caducidad: campos.fecha_caducidad,
      created_at: clock.now().toISOString(),
    });
    await recordAudit(trx, {
      accion: 'certificado.subido',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'certificado',
      entidadId: id,
      ip: actor.ip,
      detalles: {
        tipo: tipo.codigo,
        fechaCaducidad: campos.fecha_caducidad,
        archivoId: archivo.id,
      },
    });
  });
  return listCertificadosProveedor(deps.db, actor.proveedorId);
}
