import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  LoteEmpresas,
  LotePortes,
  MAX_LOTE,
  type ErrorRegistro,
  type ResultadoLote,
} from '@extranet/contracts/integracion/integracion';
import { LoteCargas } from '@extranet/contracts/integracion/cargas';
import { LotePrevencionDocumentos } from '@extranet/contracts/integracion/documentos';
import { LoteFacturas } from '@extranet/contracts/integracion/facturas';
import { LoteTransportes } from '@extranet/contracts/integracion/transportes';
import { LoteUsuarios } from '@extranet/contracts/integracion/usuarios';
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { upsertCargasLote } from '../modules/integracion/cargas/service.js';
import { upsertPrevencionDocumentosLote } from '../modules/integracion/documentos/service.js';
import { upsertFacturasLote } from '../modules/integracion/facturas/service.js';
import { upsertEmpresasLote, upsertPortesLote } from '../modules/integracion/service.js';
import { upsertTransportesLote } from '../modules/integracion/transportes/service.js';
import { invitacionesDe, upsertUsuariosLote } from '../modules/integracion/usuarios/service.js';
import { HttpError } from '../lib/http-error.js';
import { CliUsageError } from './command.js';
import type { CliCommand } from './command.js';

type Db = Kysely<Database>;
type Lote = { items: unknown[] };

/** What a resource needs to be imported: the API's batch schema and service. */
interface Importable<L extends Lote> {
  /** The integration API's body schema of this resource (`{ items: [...] }`). */
  schema: z.ZodType<L>;
  /** The field that identifies a record: unique in the whole file, across batches too. */
  key: string;
  /** The record's identity when it takes more than `key` (default: the `key` field). */
  keyOf?: (record: Record<string, unknown>) => unknown;
  /** The integration API's upsert (`db` is the import's one transaction). */
  upsert: (db: Db, lote: L) => Promise<ResultadoLote>;
  /** Lines to print after a successful import. */
  avisos?: (lote: L) => string[];
}

// Each entry is checked against its own batch type here; the registry only holds them.
function entrada<L extends Lote>(e: Importable<L>): Importable<Lote> {
  return e as unknown as Importable<Lote>;
}

/** Every importable resource: another one is one entry here. */
export const importables: Record<string, Importable<Lote>> = {
  clientes: entrada({
    schema: LoteEmpresas,
    key: 'erp_id',
    upsert: (db, lote) => upsertEmpresasLote(db, 'clientes', lote),
  }),
  proveedores: entrada({
    schema: LoteEmpresas,
    key: 'erp_id',
    upsert: (db, lote) => upsertEmpresasLote(db, 'proveedores', lote),
  }),
  portes: entrada({ schema: LotePortes, key: 'partida', upsert: upsertPortesLote }),
  cargas: entrada({ schema: LoteCargas, key: 'referencia', upsert: upsertCargasLote }),
  transportes: entrada({ schema: LoteTransportes, key: 'erp_id', upsert: upsertTransportesLote }),
  facturas: entrada({
    schema: LoteFacturas,
    key: 'numero',
    keyOf: (f) => `${String(f['serie'])}-${String(f['numero'])}`,
    upsert: upsertFacturasLote,
  }),
  prevencion: entrada({
    schema: LotePrevencionDocumentos,
    key: 'erp_id',
    upsert: upsertPrevencionDocumentosLote,
  }),
  usuarios: entrada({
    schema: LoteUsuarios,
    key: 'erp_id',
    upsert: upsertUsuariosLote,
    avisos: (lote) => {
      const n = invitacionesDe(lote).length;
      return n === 0
        ? []
        : [
            `${n} usuario(s) con invitar: la CLI no envía correos; dé a cada uno su enlace con usuario reset-password.`,
          ];
    },
  }),
};

const usage = `Uso:
  import <recurso> <fichero.csv|fichero.json>
      Da de alta o actualiza: ${Object.keys(importables).join(', ')}.
      Con las mismas reglas que la API de integración, todo en una transacción: si hay algún error se lista cada uno
      (fila N (campo): mensaje) y no se guarda nada.
      CSV: primera fila con los nombres de los campos, separados por coma o punto y coma;
        listas separadas por | (clientes: C-1|C-2; recursos: portal:recurso[:url]|…);
        sí/no o true/false; una celda vacía es un campo sin valor.
      JSON: { "items": [...] } o un array, como el cuerpo de la API. Transportes (subpartidas)
        y facturas (lineas) llevan listas de objetos: solo en JSON.`;

/** One record of the file and the line (CSV) or position (JSON) it came from. */
export interface Registro {
  fila: number;
  value: Record<string, unknown>;
}

/** The item's field schemas of a batch schema `{ items: z.array(z.object(...)) }`. */
function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const items = (schema as z.ZodObject).shape['items'] as z.ZodArray<z.ZodObject>;
  return items.element.shape;
}

/** A field's schema without its optional / nullable / default / pipe wrappers. */
function base(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = s.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

const TRUE = new Set(['true', '1', 'sí', 'si', 's', 'yes']);
const FALSE = new Set(['false', '0', 'no', 'n']);

/** A CSV cell as the field's type, when it reads as one (otherwise the schema reports it). */
function cell(text: string, schema: z.ZodType): unknown {
  const s = base(schema);
  if (s instanceof z.ZodNumber) return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (s instanceof z.ZodBoolean) {
    const t = text.toLowerCase();
    return TRUE.has(t) ? true : FALSE.has(t) ? false : text;
  }
  if (s instanceof z.ZodArray) {
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    const element = base(s.element as z.ZodType);
    const parts = text
      .split('|')
      .map((p) => p.trim())
      .filter(Boolean);
    if (!(element instanceof z.ZodObject)) return parts.map((p) => cell(p, element));
    // `portal:recurso:https://…`: the object's fields in order, the last one takes the rest.
    const keys = Object.keys(element.shape);
    return parts.map((p) => {
      const pieces = p.split(':');
      const head = pieces.slice(0, keys.length - 1);
      const tail = pieces.slice(keys.length - 1).join(':');
      const values = [...head, ...(tail ? [tail] : [])];
      return Object.fromEntries(values.map((v, i) => [keys[i], v.trim()])) as Record<
        string,
        string
      >;
    });
  }
  return text;
}

/** Records of a CSV text (header = field names); problems for columns that are no field. */
export function fromCsv(
  text: string,
  schema: z.ZodType,
): { registros: Registro[]; problemas: string[] } {
  const firstLine = text.split('\n', 1)[0] ?? '';
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: Array<{ record: Record<string, string>; info: { lines: number } }> = parse(text, {
    columns: true,
    bom: true,
    delimiter,
    info: true,
    skip_empty_lines: true,
    trim: true,
  });
  const fields = fieldsOf(schema);
  const problemas: string[] = [];
  const columns = rows[0] ? Object.keys(rows[0].record) : [];
  for (const c of columns) {
    if (!(c in fields))
      problemas.push(`columna ${c}: no es un campo (campos: ${Object.keys(fields).join(', ')}).`);
  }
  const registros = rows.map(({ record, info }) => ({
    fila: info.lines,
    value: Object.fromEntries(
      Object.entries(record)
        .filter(([k, v]) => v !== '' && k in fields)
        .map(([k, v]) => [k, cell(v, fields[k]!)]),
    ),
  }));
  return { registros, problemas };
}

/** Records of a JSON text: `{ items: [...] }` or an array; `fila` is the position (1, 2…). */
export function fromJson(text: string): Registro[] {
  const data = JSON.parse(text) as unknown;
  const items = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? (data as { items: unknown[] }).items
      : undefined;
  if (!items) throw new Error('El JSON debe ser { "items": [...] } o un array.');
  return items.map((value, i) => ({ fila: i + 1, value: value as Record<string, unknown> }));
}

function problema(fila: number | undefined, campo: string, mensaje: string): string {
  const where = fila === undefined ? campo : campo ? `fila ${fila} (${campo})` : `fila ${fila}`;
  return where ? `${where}: ${mensaje}` : mensaje;
}

/** Thrown inside the transaction to undo every batch when one had problems. */
class Rechazado extends Error {}

/**
 * Validates every record with the API's schema (in batches of at most MAX_LOTE) and, only if
 * all are valid, upserts them all in one transaction with the API's service; one problem
 * anywhere and nothing is written.
 */
export async function importar(
  db: Db,
  importable: Importable<Lote>,
  registros: readonly Registro[],
): Promise<
  | { ok: true; creados: number; actualizados: number; avisos: string[] }
  | { ok: false; problemas: string[] }
> {
  if (registros.length === 0) return { ok: false, problemas: ['El fichero no tiene registros.'] };
  const problemas: string[] = [];
  const lotes: Array<{ offset: number; lote: Lote }> = [];
  for (let offset = 0; offset < registros.length; offset += MAX_LOTE) {
    const part = registros.slice(offset, offset + MAX_LOTE);
    const parsed = importable.schema.safeParse({ items: part.map((r) => r.value) });
    if (parsed.success) {
      lotes.push({ offset, lote: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const [items, index, ...rest] = issue.path;
      if (items === 'items' && typeof index === 'number') {
        problemas.push(problema(part[index]?.fila, rest.join('.'), issue.message));
      } else {
        problemas.push(problema(undefined, issue.path.join('.'), issue.message));
      }
    }
  }
  // The schema reports a key repeated within one batch only when its records are otherwise
  // valid; this finds every repetition in the file, across batches too, once.
  const first = new Map<unknown, number>();
  registros.forEach((r, i) => {
    const key = importable.keyOf ? importable.keyOf(r.value) : r.value[importable.key];
    if (key === undefined) return;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, i);
      return;
    }
    const where = problema(r.fila, importable.key, '');
    if (!problemas.some((p) => p.startsWith(where))) {
      problemas.push(
        problema(
          r.fila,
          importable.key,
          `repetido: ya está en la fila ${registros[earlier]!.fila}.`,
        ),
      );
    }
  });
  if (problemas.length > 0) return { ok: false, problemas };

  try {
    return await db.transaction().execute(async (trx) => {
      let creados = 0;
      let actualizados = 0;
      const avisos: string[] = [];
      for (const { offset, lote } of lotes) {
        try {
          const r = await importable.upsert(trx, lote);
          creados += r.creados;
          actualizados += r.actualizados;
          avisos.push(...(importable.avisos?.(lote) ?? []));
        } catch (error) {
          // The services find every problem of a batch before writing: the next batches
          // are still checked, and the transaction is undone below.
          if (!(error instanceof HttpError) || !Array.isArray(error.details)) throw error;
          for (const d of error.details as ErrorRegistro[]) {
            const fila = d.index === undefined ? undefined : registros[offset + d.index]?.fila;
            problemas.push(problema(fila, d.path, d.message));
          }
        }
      }
      if (problemas.length > 0) throw new Rechazado();
      return { ok: true as const, creados, actualizados, avisos };
    });
  } catch (error) {
    if (error instanceof Rechazado) return { ok: false, problemas };
    throw error;
  }
}

/** `npm run cli -- import <recurso> <fichero>`: the integration API's batches from a file. */
export const importCommand: CliCommand = {
  name: 'import',
  summary: `importa ${Object.keys(importables).join(', ')} de un CSV o JSON (todo o nada)`,
  usage,
  async run(args, context) {
    const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
    const [recurso, fichero, ...rest] = positionals;
    if (rest.length > 0) throw new CliUsageError(`Argumento inesperado: ${rest[0]}`);
    if (!recurso) throw new CliUsageError('Falta el recurso.');
    const importable = importables[recurso];
    if (!importable) {
      throw new CliUsageError(
        `Recurso desconocido: ${recurso}. Recursos: ${Object.keys(importables).join(', ')}.`,
      );
    }
    if (!fichero) throw new CliUsageError('Falta el fichero.');
    const ext = path.extname(fichero).toLowerCase();
    if (ext !== '.csv' && ext !== '.json') {
      throw new CliUsageError('El fichero debe ser .csv o .json.');
    }
    let text: string;
    try {
      text = await readFile(fichero, 'utf8');
    } catch (error) {
      context.err(`No se puede leer ${fichero}: ${(error as Error).message}`);
      return 1;
    }
    let registros: Registro[];
    let problemas: string[] = [];
    try {
      if (ext === '.csv') ({ registros, problemas } = fromCsv(text, importable.schema));
      else registros = fromJson(text);
    } catch (error) {
      context.err(`${ext === '.csv' ? 'CSV' : 'JSON'} no válido: ${(error as Error).message}`);
      return 1;
    }
    const result =
      problemas.length > 0
        ? { ok: false as const, problemas }
        : await importar(await context.db(), importable, registros);
    if (!result.ok) {
      for (const p of result.problemas) context.err(p);
      context.err(
        `${result.problemas.length === 1 ? '1 error' : `${result.problemas.length} errores`}: no se ha importado nada.`,
      );
      return 1;
    }
    context.out(
      `${recurso}: ${registros.length} importados (${result.creados} creados, ${result.actualizados} actualizados).`,
    );
    for (const aviso of result.avisos) context.err(aviso);
    return 0;
  },
};
