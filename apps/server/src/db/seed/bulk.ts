import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../database.js';
import { RECURSOS_CLIENTES, RECURSOS_PROVEEDORES } from './demo.js';
import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { PLACES } from './places.js';
import { Random, isoDate } from './random.js';

/** Sizes of a bulk fill; each count is how many rows to add. */
export interface BulkOptions {
  transportes: number;
  portes?: number;
  facturas?: number;
  /** Loads on the exchange: a fifth open and upcoming, the rest closed history. */
  cargas?: number;
  proveedores?: number;
  clientes?: number;
  today?: Date;
  seed?: number;
  /**
   * Benchmark accounts: a carrier user and a customer user (every resource, this password
   * hash) on the first carrier and customer, which also get `principal` of the rows.
   */
  cuentas?: { claveHash: string; principal?: number };
  /** Called after each committed batch. */
  onProgress?: (progress: { table: string; done: number; total: number }) => void;
}

export interface BulkResult {
  proveedores: number;
  clientes: number;
  transportes: number;
  subpartidas: number;
  facturasProveedor: number;
  portes: number;
  seguimiento: number;
  facturas: number;
  cargas: number;
  /** E-mails (region es) of the benchmark accounts, when asked for. */
  cuentas?: { proveedor: string; cliente: string };
}

// Codes of the contracts' TipoVehiculo list.
const TIPOS_VEHICULO = ['lona', 'frigorifico', 'megatrailer', 'rigido', 'furgoneta', 'cisterna'];

// Rows per INSERT statement: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters
// for the widest table here (~20 columns).
const ROWS_PER_INSERT = 1000;
// Rows per transaction: big enough to amortise commits, small enough to report progress.
const ROWS_PER_TRANSACTION = 20_000;

/**
 * Fills the database with large synthetic volumes for benchmarks (e.g. 1M transports):
 * multi-row inserts in batched transactions, spread over many carriers and customers. Adds
 * to whatever is there; the schema must be migrated.
 */
export async function bulkGenerate(
  db: Kysely<Database>,
  options: BulkOptions,
): Promise<BulkResult> {
  const rnd = new Random(options.seed ?? 7);
  const today = options.today ?? new Date();
  const day = (offset: number) => isoDate(today, offset);
  const report = options.onProgress ?? (() => undefined);
  const tag = (await nextTag(db)).toString(36).toUpperCase();
  const result: BulkResult = {
    proveedores: 0,
    clientes: 0,
    transportes: 0,
    subpartidas: 0,
    facturasProveedor: 0,
    portes: 0,
    seguimiento: 0,
    facturas: 0,
    cargas: 0,
  };

  const proveedorIds = await insertReturningIds(
    db,
    'proveedores',
    Array.from({ length: options.proveedores ?? 200 }, (_, i) => {
      const p = rnd.pick(PLACES);
      return {
        region: 'es' as const,
        razon_social: `Transportes Bulk ${tag}-${i + 1} S.L.`,
        localidad: p.poblacion,
        cp: p.cp,
        pais_iso: p.pais_iso,
      };
    }),
  );
  result.proveedores = proveedorIds.length;
  const clienteIds = await insertReturningIds(
    db,
    'clientes',
    Array.from({ length: options.clientes ?? 500 }, (_, i) => {
      const p = rnd.pick(PLACES);
      return {
        region: 'es' as const,
        razon_social: `Cliente Bulk ${tag}-${i + 1} S.A.`,
        localidad: p.poblacion,
        cp: p.cp,
        pais_iso: p.pais_iso,
      };
    }),
  );
  result.clientes = clienteIds.length;
  if (proveedorIds.length === 0 || clienteIds.length === 0) {
    throw new Error('bulk: hacen falta al menos un proveedor y un cliente');
  }

  // The benchmark accounts' companies get a fixed share of the rows, so one login sees a
  // history deep enough to page through (5% of 1M transports = 50,000).
  const principal = options.cuentas ? (options.cuentas.principal ?? 0.05) : 0;
  const pickProveedor = () =>
    principal > 0 && rnd.chance(principal) ? proveedorIds[0]! : rnd.pick(proveedorIds);
  const pickCliente = () =>
    principal > 0 && rnd.chance(principal) ? clienteIds[0]! : rnd.pick(clienteIds);
  if (options.cuentas) {
    const cuentas = {
      proveedor: `bench-proveedor-${tag}@bulk.local`,
      cliente: `bench-cliente-${tag}@bulk.local`,
    };
    const [proveedorUsuario, clienteUsuario] = await insertReturningIds(db, 'usuarios', [
      {
        region: 'es',
        email: cuentas.proveedor,
        nombre: 'Bench proveedor',
        codigo: `BP${tag}`,
        clave_hash: options.cuentas.claveHash,
      },
      {
        region: 'es',
        email: cuentas.cliente,
        nombre: 'Bench cliente',
        codigo: `BC${tag}`,
        clave_hash: options.cuentas.claveHash,
      },
    ]);
    await insertChunks(db, 'usuarios_proveedores', [
      { usuario_id: proveedorUsuario!, proveedor_id: proveedorIds[0]! },
    ]);
    await insertChunks(db, 'usuarios_clientes', [
      { usuario_id: clienteUsuario!, cliente_id: clienteIds[0]! },
    ]);
    await insertChunks(db, 'recursos', [
      ...RECURSOS_PROVEEDORES.map((r, i) => ({
        usuario_id: proveedorUsuario!,
        portal: 'proveedores' as const,
        menu: i + 1,
        ...r,
      })),
      ...RECURSOS_CLIENTES.map((r, i) => ({
        usuario_id: clienteUsuario!,
        portal: 'clientes' as const,
        menu: i + 1,
        ...r,
      })),
    ]);
    result.cuentas = cuentas;
  }

  // One shared stand-in file: bulk CMRs only need a valid reference.
  const [cmrArchivoId] = await insertReturningIds(db, 'archivos', [
    {
      propietario_tipo: 'sistema',
      propietario_id: null,
      tipo: 'cmr',
      nombre: 'cmr-bulk.pdf',
      mime: 'application/pdf',
      tamano_bytes: 0,
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      storage_key: 'bulk/cmr-bulk.pdf',
    },
  ]);

  // Transports (each with one leg) and, for half of the delivered ones, carrier invoices of 5.
  const totalTransportes = options.transportes;
  for (let done = 0; done < totalTransportes;) {
    const size = Math.min(ROWS_PER_TRANSACTION, totalTransportes - done);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['transportes']>[] = [];
      for (let i = 0; i < size; i++) {
        const [origen, destino] = rnd.pair(PLACES);
        const fecha = -rnd.int(-7, 1500);
        const transit = Math.max(1, Math.ceil(kmLineaRecta(origen, destino) / 700));
        rows.push({
          proveedor_id: pickProveedor(),
          referencia: `B${tag}-${done + i + 1}`,
          matricula: `${rnd.int(1000, 9999)} BLK`,
          conductor: 'Conductor de pruebas',
          origen_poblacion: origen.poblacion,
          origen_cp: origen.cp,
          origen_pais_iso: origen.pais_iso,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          fecha_carga: day(fecha),
          fecha_descarga: day(fecha + transit),
          importe_centimos: rnd.int(300, 4000) * 100,
          estado: fecha > 0 ? 'asignado' : fecha + transit >= 0 ? 'en_transito' : 'entregado',
        });
      }
      const ids = await insertReturningIds(trx, 'transportes', rows);
      const legs: Insertable<Database['subpartidas']>[] = ids.map((id, i) => {
        const row = rows[i];
        const delivered = row?.estado === 'entregado';
        const withCmr = delivered && rnd.chance(0.95);
        return {
          transporte_id: id,
          numero: 1,
          origen_poblacion: row?.origen_poblacion ?? '',
          destino_poblacion: row?.destino_poblacion ?? '',
          bultos: rnd.int(1, 33),
          peso_kg: rnd.int(100, 24_000),
          cmr_archivo_id: withCmr ? (cmrArchivoId ?? null) : null,
        };
      });
      await insertChunks(trx, 'subpartidas', legs);

      // Group delivered transports of the same carrier, five per invoice.
      const byCarrier = new Map<number, Array<{ id: number; importe: number; fecha: string }>>();
      ids.forEach((id, i) => {
        const row = rows[i];
        if (!row || row.estado !== 'entregado' || !rnd.chance(0.5)) return;
        const list = byCarrier.get(row.proveedor_id) ?? [];
        list.push({ id, importe: row.importe_centimos, fecha: row.fecha_descarga });
        byCarrier.set(row.proveedor_id, list);
      });
      const invoices: Insertable<Database['facturas_proveedor']>[] = [];
      const members: Array<Array<{ id: number }>> = [];
      for (const [proveedorId, list] of byCarrier) {
        for (let k = 0; k < list.length; k += 5) {
          const group = list.slice(k, k + 5);
          const base = group.reduce((sum, t) => sum + t.importe, 0);
          const iva = Math.round(base * 0.21);
          invoices.push({
            proveedor_id: proveedorId,
            numero: `FB${tag}-${done}-${invoices.length + 1}`,
            fecha_emision: group.reduce((max, t) => (t.fecha > max ? t.fecha : max), ''),
            base_imponible_centimos: base,
            iva_centimos: iva,
            importe_centimos: base + iva,
            estado: 'pagada',
          });
          members.push(group);
        }
      }
      const invoiceIds = await insertReturningIds(trx, 'facturas_proveedor', invoices);
      await insertChunks(
        trx,
        'facturas_proveedor_transportes',
        invoiceIds.flatMap((facturaId, k) =>
          (members[k] ?? []).map((t) => ({ factura_proveedor_id: facturaId, transporte_id: t.id })),
        ),
      );
      result.transportes += ids.length;
      result.subpartidas += legs.length;
      result.facturasProveedor += invoiceIds.length;
    });
    done += size;
    report({ table: 'transportes', done, total: totalTransportes });
  }

  // Customer shipments with four tracking stops each.
  const totalPortes = options.portes ?? 0;
  const porteRefs: Array<{ id: number; partida: string; cliente_id: number; importe: number }> = [];
  for (let done = 0; done < totalPortes;) {
    const size = Math.min(ROWS_PER_TRANSACTION / 4, totalPortes - done);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['portes']>[] = [];
      const fechas: number[] = [];
      for (let i = 0; i < size; i++) {
        const [origen, destino] = rnd.pair(PLACES);
        const fecha = -rnd.int(-7, 1500);
        const peso = rnd.int(100, 24_000);
        const bultos = rnd.int(1, 33);
        fechas.push(fecha);
        rows.push({
          partida: `B${tag}-${done + i + 1}`,
          cliente_id: pickCliente(),
          ref_cliente: `PED-${rnd.int(10000, 99999)}`,
          origen_poblacion: origen.poblacion,
          origen_cp: origen.cp,
          origen_pais_iso: origen.pais_iso,
          origen_lat: origen.lat,
          origen_lng: origen.lng,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          destino_lat: destino.lat,
          destino_lng: destino.lng,
          fecha_carga_prevista: day(fecha),
          fecha_entrega_prevista: day(fecha + 2),
          bultos,
          peso_kg: peso,
          p_facturable_kg: Math.max(peso, bultos * 270),
          estado: fecha > 0 ? 'pendiente' : fecha > -3 ? 'en_transito' : 'entregado',
        });
      }
      const ids = await insertReturningIds(trx, 'portes', rows);
      const stops: Insertable<Database['seguimiento']>[] = [];
      ids.forEach((id, i) => {
        const row = rows[i];
        const fecha = fechas[i] ?? 0;
        if (!row || row.estado === 'pendiente') return;
        porteRefs.push({ id, partida: row.partida, cliente_id: row.cliente_id, importe: 0 });
        for (let s = 0; s < 4; s++) {
          const f = s / 3;
          stops.push({
            porte_id: id,
            partida: row.partida,
            fecha: day(Math.min(0, fecha + Math.round(f * 2))),
            hora: `${String(6 + s * 4).padStart(2, '0')}:00`,
            comentarios: s === 0 ? 'Mercancía cargada' : 'En ruta',
            poblacion: s === 0 ? row.origen_poblacion : null,
            poblacion_b: row.destino_poblacion,
            pais_iso: s === 0 ? row.origen_pais_iso : null,
            retraso: rnd.chance(0.2) ? rnd.int(1, 16) * 15 : 0,
            lat: (row.origen_lat ?? 0) + ((row.destino_lat ?? 0) - (row.origen_lat ?? 0)) * f,
            lng: (row.origen_lng ?? 0) + ((row.destino_lng ?? 0) - (row.origen_lng ?? 0)) * f,
          });
        }
      });
      await insertChunks(trx, 'seguimiento', stops);
      result.portes += ids.length;
      result.seguimiento += stops.length;
    });
    done += size;
    report({ table: 'portes', done, total: totalPortes });
  }

  // Customer invoices, two lines each (on shipments when there are some).
  const totalFacturas = options.facturas ?? 0;
  const serie = `B${tag}`;
  for (let done = 0; done < totalFacturas;) {
    const size = Math.min(ROWS_PER_TRANSACTION / 2, totalFacturas - done);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['facturas']>[] = [];
      const lines: Array<Array<Omit<Insertable<Database['factura_lineas']>, 'factura_id'>>> = [];
      for (let i = 0; i < size; i++) {
        const porte = porteRefs.length ? rnd.pick(porteRefs) : undefined;
        const precios = [rnd.int(300, 3000) * 100, rnd.int(10, 200) * 100];
        const base = precios[0]! + precios[1]!;
        const fecha = -rnd.int(1, 1500);
        rows.push({
          cliente_id: porte?.cliente_id ?? pickCliente(),
          serie,
          numero: done + i + 1,
          fecha_emision: day(fecha),
          vto: day(fecha + 60),
          base_imponible_centimos: base,
          iva_porcentaje: 21,
          iva_centimos: Math.round(base * 0.21),
          importe_centimos: base + Math.round(base * 0.21),
          pagada: fecha < -60 ? 1 : 0,
        });
        lines.push([
          {
            orden: 1,
            concepto: 'Transporte',
            partida: porte?.partida ?? null,
            porte_id: porte?.id ?? null,
            cantidad: 1,
            precio_centimos: precios[0]!,
            importe_centimos: precios[0]!,
          },
          {
            orden: 2,
            concepto: 'Seguro de mercancía',
            cantidad: 1,
            precio_centimos: precios[1]!,
            importe_centimos: precios[1]!,
          },
        ]);
      }
      const ids = await insertReturningIds(trx, 'facturas', rows);
      await insertChunks(
        trx,
        'factura_lineas',
        ids.flatMap((facturaId, i) =>
          (lines[i] ?? []).map((l) => ({ ...l, factura_id: facturaId })),
        ),
      );
      result.facturas += ids.length;
    });
    done += size;
    report({ table: 'facturas', done, total: totalFacturas });
  }

  const totalCargas = options.cargas ?? 0;
  for (let done = 0; done < totalCargas;) {
    const size = Math.min(ROWS_PER_TRANSACTION, totalCargas - done);
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<Database['cargas']>[] = [];
      for (let i = 0; i < size; i++) {
        const [origen, destino] = rnd.pair(PLACES);
        const abierta = rnd.chance(0.2);
        const fecha = abierta ? rnd.int(1, 30) : -rnd.int(1, 1500);
        rows.push({
          referencia: `CB${tag}-${done + i + 1}`,
          region: 'es',
          origen_poblacion: origen.poblacion,
          origen_cp: origen.cp,
          origen_pais_iso: origen.pais_iso,
          origen_lat: origen.lat,
          origen_lng: origen.lng,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          destino_lat: destino.lat,
          destino_lng: destino.lng,
          fecha_carga: day(fecha),
          fecha_descarga: day(fecha + Math.max(1, Math.ceil(kmLineaRecta(origen, destino) / 700))),
          tipo_vehiculo: rnd.pick(TIPOS_VEHICULO),
          peso_kg: rnd.int(1, 24) * 1000,
          palets: rnd.int(1, 33),
          precio_guia_centimos: rnd.chance(0.9) ? rnd.int(300, 4000) * 100 : null,
          estado: abierta ? 'abierta' : 'cerrada',
          proveedor_asignado_id: abierta ? null : rnd.pick(proveedorIds),
        });
      }
      await insertChunks(trx, 'cargas', rows);
      result.cargas += rows.length;
    });
    done += size;
    report({ table: 'cargas', done, total: totalCargas });
  }
  // Fresh planner statistics, as a live database has them: without them PostgreSQL plans a
  // big carrier's history from the empty-table estimates (a bitmap scan and a sort).
  await sql`analyze`.execute(db);
  return result;
}

/** A per-run tag so references stay unique when the generator runs again. */
async function nextTag(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('proveedores')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

type TableWithId = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

async function insertReturningIds<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    // Casts: Kysely cannot narrow a generic table name; the rows are typed by the caller.
    const inserted = (await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .returning('id' as never)
      .execute()) as unknown as Array<{ id: number }>;
    for (const row of inserted) ids.push(Number(row.id));
  }
  return ids;
}

async function insertChunks<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}
