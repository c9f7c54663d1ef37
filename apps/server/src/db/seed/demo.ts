import { createHash } from 'node:crypto';
import {
  CIRCUITO_DEMO_PATH,
  customerResources,
  resourceCatalog,
  supplierResources,
} from '@extranet/contracts/menus/resources';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { hashPassword } from '../../modules/auth/password.js';
import { fechaHoraMadrid } from '../../lib/madrid.js';
import { renderDemoDocumentPdf } from '../../pdf/document-pdf.js';
import { renderFacturaPdf } from '../../pdf/factura-pdf.js';
import { contentKey } from '../../storage/file-storage.js';
import type {
  ArchivoTipo,
  Database,
  FacturaProveedorEstado,
  Portal,
  PorteEstado,
  RegionCodigo,
  TransporteEstado,
} from '../database.js';
import { kmLineaRecta } from '@extranet/contracts/common/geo';
import { PLACES } from './places.js';
import type { Place } from './places.js';
import { Random, isoDate, isoInstant } from './random.js';
import { insertAvisosDemo } from './avisos-demo.js';
import { insertViajeDemo } from './viaje-demo.js';

/** Password of every demo account (DESIGN.md, demo dataset contract). */
export const DEMO_PASSWORD = 'demo1234';

/** Set in `ajustes` once the demo data is in; its presence makes seeding a no-op. */
export const DEMO_SEED_MARKER = 'seed.demo';

export const REGIONES: ReadonlyArray<{ codigo: RegionCodigo; nombre: string; orden: number }> = [
  { codigo: 'es', nombre: 'Europa', orden: 1 },
  { codigo: 'it', nombre: 'Italia', orden: 2 },
  { codigo: 'ma', nombre: 'Marruecos', orden: 3 },
  { codigo: 'ro', nombre: 'Rumanía', orden: 4 },
  { codigo: 'rs', nombre: 'Serbia', orden: 5 },
  { codigo: 'tr', nombre: 'Turquía', orden: 6 },
];

/** Customer menu resources in menu order; `api` is the section's API. */
export const RECURSOS_CLIENTES: ReadonlyArray<{ recurso: string; api: string }> = [
  ...resourceCatalog.clientes,
  // The Security Circuit is external; the demo points it at a local stand-in page.
  { recurso: customerResources.circuitoSeguridad, api: CIRCUITO_DEMO_PATH },
];

/** Supplier menu resources in menu order. */
export const RECURSOS_PROVEEDORES: ReadonlyArray<{ recurso: string; api: string }> =
  resourceCatalog.proveedores;

/** The sections of limitado@demo.es: Cargas and Histórico Transportes only. */
export const RECURSOS_LIMITADO: readonly string[] = [
  supplierResources.cargas,
  supplierResources.transportes,
];

/** The demo accounts and what each must show. */
export const DEMO_USERS = {
  cliente: { email: 'cliente@demo.es', region: 'es', clientes: 1, proveedores: 0 },
  grupo: { email: 'grupo@demo.es', region: 'es', clientes: 8, proveedores: 0 },
  dos: { email: 'dos@demo.es', region: 'es', clientes: 2, proveedores: 0 },
  proveedor: { email: 'proveedor@demo.es', region: 'es', clientes: 0, proveedores: 1 },
  sinclientes: { email: 'sinclientes@demo.es', region: 'es', clientes: 0, proveedores: 0 },
  // Issue 14: a traffic office working for three carriers chooses one after login.
  transportes: { email: 'transportes@demo.es', region: 'es', clientes: 0, proveedores: 3 },
  // Issue 14: a carrier user allowed only some sections (Cargas and Histórico Transportes).
  limitado: { email: 'limitado@demo.es', region: 'es', clientes: 0, proveedores: 1 },
  italia: { email: 'cliente@demo.it', region: 'it', clientes: 1, proveedores: 0 },
} as const satisfies Record<
  string,
  { email: string; region: RegionCodigo; clientes: number; proveedores: number }
>;

/** Stores a demo file's bytes; by default only the metadata is recorded. */
export type StoreDemoFile = (file: {
  bytes: Buffer;
  nombre: string;
  mime: string;
  sha256: string;
}) => Promise<string>;

export interface SeedDemoOptions {
  /** "Now" for the data: loads are upcoming and history recent relative to it. */
  today?: Date;
  /**
   * Puts each generated PDF into file storage and returns its storage key (see
   * demo-files.ts). Without it the key is the content address and no bytes are written.
   */
  storeFile?: StoreDemoFile;
}

type Trx = Transaction<Database>;

/** The body of each generated demo document, by kind. */
const DEMO_DOCUMENT_TEXT: Record<ArchivoTipo, string> = {
  cmr: 'Carta de porte internacional (CMR) firmada por el destinatario a la entrega de la mercancía.',
  pod: 'Justificante de entrega (POD) firmado por el destinatario.',
  factura_proveedor: 'Factura del transportista por los transportes realizados.',
  factura: 'Factura de transporte.',
  certificado: 'Copia del certificado vigente aportado por el transportista.',
  prevencion:
    'Documento de coordinación de actividades empresariales (CAE). Léalo y confirme su lectura en la extranet.',
  otro: 'Documento.',
};

/**
 * Loads the demo dataset of DESIGN.md. Idempotent (a marker in `ajustes`) and deterministic
 * (seeded PRNG; dates relative to `today`). Runs in one transaction: all or nothing.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: SeedDemoOptions = {},
): Promise<{ seeded: boolean }> {
  if (await isSeeded(db)) return { seeded: false };
  const now = options.today ?? new Date();
  const today = startOfUtcDay(now);
  const claveHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    // Re-checked inside the transaction in case another instance seeded meanwhile.
    if (await isSeeded(trx)) return;
    await new DemoSeeder(trx, today, now, claveHash, options.storeFile).run();
    await trx
      .insertInto('ajustes')
      .values({ clave: DEMO_SEED_MARKER, valor: new Date().toISOString() })
      .execute();
  });
  return { seeded: true };
}

async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('ajustes')
    .select('clave')
    .where('clave', '=', DEMO_SEED_MARKER)
    .executeTakeFirst();
  return row !== undefined;
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function place(name: string): Place {
  const found = PLACES.find((p) => p.poblacion === name);
  if (!found) throw new Error(`Población desconocida en la demo: ${name}`);
  return found;
}

const SPANISH_PLACES = PLACES.filter((p) => p.pais_iso === 'ES');

/** A shipment of the demo and what its transport needs of it. */
interface PorteDemo {
  id: number;
  partida: string;
  clienteKey: string;
  fecha: number;
  transit: number;
  estado: PorteEstado;
  incidencia: string | null;
  origen: Place;
  destino: Place;
  bultos: number;
  peso: number;
  entregadoAt: string | null;
  /** Where and when it last reported (null before loading). */
  ultimaParada: { place: Place; at: string } | null;
  importe: number;
}

/** Days from loading to delivery: ~700 road km a day (road ≈ 1.25 × straight line). */
function transitDias(origen: Place, destino: Place): number {
  return Math.max(1, Math.ceil((kmLineaRecta(origen, destino) * 1.25) / 700));
}

/**
 * A town to unload at on the way from `origen` to `destino` (at most 15 % longer than the
 * direct route, at least 80 km from the loading and the final unloading), nearest halfway;
 * null when none is.
 */
function enRuta(origen: Place, destino: Place): Place | null {
  const directo = kmLineaRecta(origen, destino);
  const mitad = { lat: (origen.lat + destino.lat) / 2, lng: (origen.lng + destino.lng) / 2 };
  const candidatas = PLACES.filter(
    (p) =>
      kmLineaRecta(origen, p) > 80 &&
      kmLineaRecta(p, destino) > 80 &&
      kmLineaRecta(origen, p) + kmLineaRecta(p, destino) <= directo * 1.15,
  );
  candidatas.sort((a, b) => kmLineaRecta(a, mitad) - kmLineaRecta(b, mitad));
  return candidatas[0] ?? null;
}

const CLIENTES: ReadonlyArray<{
  key: string;
  razon_social: string;
  poblacion: string;
  cif: string;
  region?: RegionCodigo;
}> = [
  {
    key: 'cliente',
    razon_social: 'Conservas del Ebro S.A.',
    poblacion: 'Zaragoza',
    cif: 'A50123456',
  },
  ...[
    ['Grupo Levante Alimentación S.L.', 'Valencia'],
    ['Levante Frío Logística S.L.', 'Valencia'],
    ['Cítricos La Ribera S.A.', 'Valencia'],
    ['Levante Bebidas S.L.', 'Murcia'],
    ['Envases Mediterráneo S.A.', 'Tarragona'],
    ['Levante Hortofrutícola S.Coop.', 'Murcia'],
    ['Distribuciones Turia S.L.', 'Valencia'],
    ['Levante Cerámica Export S.A.', 'Valencia'],
  ].map(([razon, poblacion], i) => ({
    key: `grupo${i + 1}`,
    razon_social: razon as string,
    poblacion: poblacion as string,
    cif: `B4610${String(i).padStart(4, '0')}`,
  })),
  { key: 'dos1', razon_social: 'Muebles Castilla S.L.', poblacion: 'Valladolid', cif: 'B47111222' },
  {
    key: 'dos2',
    razon_social: 'Castilla Tableros S.A.',
    poblacion: 'Valladolid',
    cif: 'A47333444',
  },
  {
    key: 'italia',
    razon_social: 'Alimentari Padana S.p.A.',
    poblacion: 'Milano',
    cif: 'IT01234567890',
    region: 'it',
  },
  // Foreign data: customers no demo user may see.
  { key: 'otro1', razon_social: 'Papelera del Norte S.A.', poblacion: 'Bilbao', cif: 'A48555666' },
  { key: 'otro2', razon_social: 'Aceites del Sur S.L.', poblacion: 'Sevilla', cif: 'B41777888' },
  { key: 'otro3', razon_social: 'Química Catalana S.A.', poblacion: 'Barcelona', cif: 'A08999000' },
];

const PROVEEDORES: ReadonlyArray<{
  key: string;
  razon_social: string;
  poblacion: string;
  cif: string;
}> = [
  {
    key: 'demo',
    razon_social: 'Transportes Demo Ibérica S.L.',
    poblacion: 'Zaragoza',
    cif: 'B50987654',
  },
  { key: 'otro1', razon_social: 'Trans Meseta S.L.', poblacion: 'Madrid', cif: 'B28111000' },
  {
    key: 'otro2',
    razon_social: 'Autotransportes Galaicos S.A.',
    poblacion: 'A Coruña',
    cif: 'A15222000',
  },
  {
    key: 'otro3',
    razon_social: 'Frigoríficos Andaluces S.L.',
    poblacion: 'Sevilla',
    cif: 'B41333000',
  },
  {
    key: 'otro4',
    razon_social: 'Carpatica Trans S.R.L.',
    poblacion: 'Bucureşti',
    cif: 'RO18555000',
  },
  {
    key: 'otro5',
    razon_social: 'Logistica Alpina S.r.l.',
    poblacion: 'Torino',
    cif: 'IT09876543210',
  },
];

// Codes of the contracts' TipoVehiculo list.
const TIPOS_VEHICULO = ['lona', 'frigorifico', 'megatrailer', 'rigido', 'gondola'];
const CONDUCTORES = [
  'Javier Martínez López',
  'Antonio García Ruiz',
  'Manuel Fernández Gil',
  'David Sánchez Pérez',
  'Francisco Romero Díaz',
  'José Luis Navarro Torres',
  'Ion Popescu',
  'Carlos Domínguez Vázquez',
  'Miguel Ángel Ortega Ramos',
  'Sergio Castro Molina',
  'Andrei Ionescu',
  'Pedro Iglesias Rubio',
];
const MERCANCIAS = [
  'Conservas',
  'Fruta fresca',
  'Bebidas',
  'Cerámica',
  'Muebles',
  'Papel',
  'Envases',
];
// Reasons a driver gives for a delay; none names a road or town, so each fits any stop.
const RETRASOS = [
  'Retención por obras en la autopista',
  'Espera en muelle de carga',
  'Tráfico denso a la entrada de la ciudad',
  'Descanso obligatorio del conductor',
  'Climatología adversa en ruta',
  'Avería leve, reparada en ruta',
  'Control de carga en carretera',
];

class DemoSeeder {
  private readonly rnd = new Random(20261122);
  private readonly clientes = new Map<string, number>();
  private readonly proveedores = new Map<string, number>();
  private readonly usuarios = new Map<string, number>();
  private archivoSeq = 0;

  constructor(
    private readonly trx: Trx,
    private readonly today: Date,
    /** The seeding instant: what the data records as having happened is never after it. */
    private readonly now: Date,
    private readonly claveHash: string,
    private readonly storeFile: StoreDemoFile | undefined,
  ) {}

  async run(): Promise<void> {
    await this.regiones();
    await this.empresas();
    await this.cuentas();
    const cargas = await this.cargas();
    const vehiculos = await this.vehiculos();
    const portes = await this.portes();
    await this.transportes(cargas, vehiculos, portes);
    await this.facturasClientes(portes.flat());
    await this.certificados();
    await this.prevencion();
    await this.solicitudesYSugerencias();
    // Last, so the random draws of the rest stay as they were.
    await insertViajeDemo(
      this.trx,
      {
        clienteId: this.id(this.clientes, 'cliente'),
        proveedorId: this.id(this.proveedores, 'demo'),
        vehiculo: vehiculos[0]!,
      },
      // Booked the day before.
      { hoy: this.day(0), creado: this.at(-1, 15) },
    );
    // Reads what the rest wrote: the notices agree with the shipments, offers and loads.
    await insertAvisosDemo(
      this.trx,
      {
        clienteId: this.id(this.clientes, 'cliente'),
        proveedorId: this.id(this.proveedores, 'demo'),
        usuarioBusqueda: this.id(this.usuarios, 'proveedor'),
      },
      { hoy: this.day(0), now: this.now },
    );
  }

  private day(offset: number): string {
    return isoDate(this.today, offset);
  }

  /**
   * An instant `offset` days from today at `hour:minute` UTC, brought back to now if later: every
   * instant the seed writes (created, delivered, uploaded, read, last seen) has happened.
   */
  private at(offset: number, hour = 9, minute = 0): string {
    const instant = isoInstant(this.today, offset, hour, minute);
    return instant > this.now.toISOString() ? this.now.toISOString() : instant;
  }

  private id(map: Map<string, number>, key: string): number {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Demo: falta ${key}`);
    return value;
  }

  private async insertMany<T extends keyof Database>(
    table: T,
    rows: Insertable<Database[T]>[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await this.trx
        .insertInto(table)
        .values(rows.slice(i, i + 200))
        .execute();
    }
  }

  /** Records a real PDF: `pdf` when given, else a one-page document titled `texto`. */
  private async archivo(
    tipo: ArchivoTipo,
    propietario: { tipo: 'proveedor' | 'cliente' | 'sistema'; id: number | null },
    nombre: string,
    texto: string,
    pdf?: Buffer,
  ): Promise<number> {
    this.archivoSeq += 1;
    const bytes =
      pdf ??
      (await renderDemoDocumentPdf(
        texto,
        [DEMO_DOCUMENT_TEXT[tipo], `Referencia: ${nombre.replace(/\.pdf$/, '')}`],
        this.today,
      ));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const mime = 'application/pdf';
    const storageKey = this.storeFile
      ? await this.storeFile({ bytes, nombre, mime, sha256 })
      : contentKey(sha256);
    const row = await this.trx
      .insertInto('archivos')
      .values({
        propietario_tipo: propietario.tipo,
        propietario_id: propietario.id,
        tipo,
        nombre,
        mime,
        tamano_bytes: bytes.length,
        sha256,
        storage_key: storageKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private async regiones(): Promise<void> {
    for (const region of REGIONES) {
      // Two active regions, so the login form shows its region selector.
      const activa = region.codigo === 'es' || region.codigo === 'it' ? 1 : 0;
      await this.trx
        .insertInto('regiones')
        .values({ ...region, activa })
        .onConflict((oc) => oc.column('codigo').doUpdateSet({ activa, nombre: region.nombre }))
        .execute();
    }
  }

  private async empresas(): Promise<void> {
    for (const c of CLIENTES) {
      const p = place(c.poblacion);
      const row = await this.trx
        .insertInto('clientes')
        .values({
          region: c.region ?? 'es',
          razon_social: c.razon_social,
          localidad: p.poblacion,
          cif: c.cif,
          direccion: `Polígono Industrial, nave ${this.rnd.int(1, 60)}`,
          cp: p.cp,
          pais_iso: p.pais_iso,
          email: `logistica@${c.key}.example`,
          // As if synced from the ERP: the integration API addresses them by this id.
          erp_id: `CLI-${c.key.toUpperCase()}`,
          telefono: `+34 9${this.rnd.int(10, 99)} ${this.rnd.int(100, 999)} ${this.rnd.int(100, 999)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      this.clientes.set(c.key, row.id);
    }
    for (const s of PROVEEDORES) {
      const p = place(s.poblacion);
      const row = await this.trx
        .insertInto('proveedores')
        .values({
          region: 'es',
          razon_social: s.razon_social,
          localidad: p.poblacion,
          cif: s.cif,
          direccion: `Centro de Transportes, parcela ${this.rnd.int(1, 90)}`,
          cp: p.cp,
          pais_iso: p.pais_iso,
          email: `trafico@${s.key}.example`,
          erp_id: `PRO-${s.key.toUpperCase()}`,
          telefono: `+34 6${this.rnd.int(10, 99)} ${this.rnd.int(100, 999)} ${this.rnd.int(100, 999)}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      this.proveedores.set(s.key, row.id);
    }
  }

  private async cuentas(): Promise<void> {
    const accounts: Array<{
      key: keyof typeof DEMO_USERS;
      nombre: string;
      codigo: string;
      clientes: string[];
      proveedores: string[];
      recursos: Array<{ portal: Portal; recurso: string; api: string }>;
    }> = [
      {
        key: 'cliente',
        nombre: 'Lucía Ferrer',
        codigo: 'CLI0001',
        clientes: ['cliente'],
        proveedores: [],
        recursos: RECURSOS_CLIENTES.map((r) => ({ portal: 'clientes', ...r })),
      },
      {
        key: 'grupo',
        nombre: 'Grupo Levante',
        codigo: 'CLI0002',
        clientes: Array.from({ length: 8 }, (_, i) => `grupo${i + 1}`),
        proveedores: [],
        recursos: RECURSOS_CLIENTES.filter(
          (r) => r.recurso !== customerResources.circuitoSeguridad,
        ).map((r) => ({
          portal: 'clientes',
          ...r,
        })),
      },
      {
        key: 'dos',
        nombre: 'Muebles Castilla',
        codigo: 'CLI0003',
        clientes: ['dos1', 'dos2'],
        proveedores: [],
        recursos: RECURSOS_CLIENTES.filter(
          (r) =>
            r.recurso !== customerResources.facturas &&
            r.recurso !== customerResources.circuitoSeguridad,
        ).map((r) => ({ portal: 'clientes', ...r })),
      },
      {
        key: 'proveedor',
        nombre: 'Tráfico Demo Ibérica',
        codigo: 'PRO0001',
        clientes: [],
        proveedores: ['demo'],
        recursos: RECURSOS_PROVEEDORES.map((r) => ({ portal: 'proveedores', ...r })),
      },
      {
        key: 'transportes',
        nombre: 'Oficina de tráfico compartida',
        codigo: 'PRO0002',
        clientes: [],
        proveedores: ['demo', 'otro1', 'otro2'],
        recursos: RECURSOS_PROVEEDORES.map((r) => ({ portal: 'proveedores', ...r })),
      },
      {
        key: 'limitado',
        nombre: 'Conductor con acceso limitado',
        codigo: 'PRO0003',
        clientes: [],
        proveedores: ['demo'],
        recursos: RECURSOS_PROVEEDORES.filter((r) => RECURSOS_LIMITADO.includes(r.recurso)).map(
          (r) => ({ portal: 'proveedores', ...r }),
        ),
      },
      {
        key: 'sinclientes',
        nombre: 'Usuario sin empresas',
        codigo: 'USR0001',
        clientes: [],
        proveedores: [],
        recursos: [],
      },
      {
        key: 'italia',
        nombre: 'Giulia Bianchi',
        codigo: 'CLI0101',
        clientes: ['italia'],
        proveedores: [],
        recursos: RECURSOS_CLIENTES.filter(
          (r) => r.recurso !== customerResources.circuitoSeguridad,
        ).map((r) => ({
          portal: 'clientes',
          ...r,
        })),
      },
    ];
    for (const account of accounts) {
      const demo = DEMO_USERS[account.key];
      const row = await this.trx
        .insertInto('usuarios')
        .values({
          region: demo.region,
          email: demo.email,
          nombre: account.nombre,
          codigo: account.codigo,
          clave_hash: this.claveHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      this.usuarios.set(account.key, row.id);
      await this.insertMany(
        'usuarios_clientes',
        account.clientes.map((key) => ({
          usuario_id: row.id,
          cliente_id: this.id(this.clientes, key),
        })),
      );
      await this.insertMany(
        'usuarios_proveedores',
        account.proveedores.map((key) => ({
          usuario_id: row.id,
          proveedor_id: this.id(this.proveedores, key),
        })),
      );
      await this.insertMany(
        'recursos',
        account.recursos.map((r, i) => ({ usuario_id: row.id, menu: i + 1, ...r })),
      );
    }
  }

  /** ~40 loads on the exchange, mostly open and upcoming; offers and discards on them. */
  private async cargas(): Promise<
    Array<{ id: number; origen: Place; destino: Place; fecha: number }>
  > {
    const demo = this.id(this.proveedores, 'demo');
    const others = PROVEEDORES.filter((p) => p.key !== 'demo').map((p) =>
      this.id(this.proveedores, p.key),
    );
    const proveedorUsuario = this.id(this.usuarios, 'proveedor');
    const cargas: Array<{ id: number; origen: Place; destino: Place; fecha: number }> = [];
    for (let i = 0; i < 42; i++) {
      // Most loads leave Spain; a third are international return legs.
      const origen = i % 3 === 2 ? this.rnd.pick(PLACES) : this.rnd.pick(SPANISH_PLACES);
      let destino = this.rnd.pick(PLACES);
      while (destino === origen) destino = this.rnd.pick(PLACES);
      const km = kmLineaRecta(origen, destino) * 1.25;
      const fecha = i < 36 ? this.rnd.int(1, 14) : this.rnd.int(-6, -1);
      const tipo = this.rnd.pick(TIPOS_VEHICULO);
      const estado = i < 36 ? 'abierta' : i < 40 ? 'asignada' : 'cerrada';
      const row = await this.trx
        .insertInto('cargas')
        .values({
          referencia: `C${isoDate(this.today).slice(2, 4)}-${String(5001 + i)}`,
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
          fecha_carga: this.day(fecha),
          fecha_descarga: this.day(fecha + Math.max(1, Math.ceil(km / 700))),
          tipo_vehiculo: tipo,
          peso_kg: this.rnd.int(4, 24) * 1000,
          palets: this.rnd.int(6, 33),
          precio_guia_centimos: this.rnd.chance(0.8)
            ? Math.round((km * (1.1 + this.rnd.next() * 0.4)) / 10) * 1000
            : null,
          observaciones: this.rnd.chance(0.3)
            ? this.rnd.pick([
                'Carga por muelle, cita previa',
                'Imprescindible trampilla elevadora',
                'Mercancía paletizada, no remontable',
                'Temperatura controlada 2-8 °C',
                'ADR clase 3, conductor con carnet ADR',
              ])
            : null,
          estado,
          proveedor_asignado_id:
            estado === 'abierta' ? null : i < 38 ? demo : (others[i % others.length] as number),
          // Published a week before loading, or over the last days for the soonest ones.
          created_at: this.at(Math.min(fecha - 7, -1 - (i % 5)), 8, this.rnd.int(0, 59)),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cargas.push({ id: row.id, origen, destino, fecha });

      if (estado === 'abierta' && this.rnd.chance(0.5)) {
        // Other carriers compete on half of the open loads.
        const bidders = new Set([this.rnd.pick(others), this.rnd.pick(others)]);
        for (const proveedorId of bidders) {
          await this.trx
            .insertInto('ofertas')
            .values({
              carga_id: row.id,
              proveedor_id: proveedorId,
              precio_centimos: Math.round(km * (1 + this.rnd.next() * 0.5)) * 100,
              estado: 'pendiente',
              created_at: this.at(-this.rnd.int(0, 3), this.rnd.int(7, 19), this.rnd.int(0, 59)),
            })
            .execute();
        }
      }
      const demoOffer =
        (estado === 'abierta' && i % 5 === 1) || estado === 'asignada'
          ? estado === 'asignada' && i < 38
            ? 'aceptada'
            : i % 10 === 6
              ? 'rechazada'
              : i % 15 === 11
                ? 'retirada'
                : 'pendiente'
          : undefined;
      if (demoOffer) {
        await this.trx
          .insertInto('ofertas')
          .values({
            carga_id: row.id,
            proveedor_id: demo,
            usuario_id: proveedorUsuario,
            precio_centimos: Math.round(km * 1.2) * 100,
            comentarios: this.rnd.chance(0.5)
              ? 'Disponibles con tráiler lona desde el día antes'
              : null,
            estado: demoOffer,
            created_at: this.at(-this.rnd.int(1, 4), this.rnd.int(7, 19), this.rnd.int(0, 59)),
          })
          .execute();
      }
      if (estado === 'abierta' && i % 9 === 4) {
        await this.trx
          .insertInto('descartes')
          .values({
            proveedor_id: demo,
            carga_id: row.id,
            usuario_id: proveedorUsuario,
            // Millisecond instants like the app writes: keyset cursors carry milliseconds.
            created_at: this.at(-(i % 4), 9, i),
          })
          .execute();
      }
    }
    return cargas;
  }

  private plate(): string {
    const letters = 'BCDFGHJKLMNPRSTVWXYZ';
    let suffix = '';
    for (let i = 0; i < 3; i++) suffix += letters[this.rnd.int(0, letters.length - 1)];
    // Stored as the API normalises plates: upper case, no spaces.
    return `${this.rnd.int(1000, 9999)}${suffix}`;
  }

  /** The demo carrier's fleet (10) and a few vehicles of another carrier. */
  private async vehiculos(): Promise<Array<{ id: number; matricula: string; conductor: string }>> {
    const fleet: Array<{ id: number; matricula: string; conductor: string }> = [];
    const owners = [
      ...Array.from({ length: 10 }, () => this.id(this.proveedores, 'demo')),
      ...Array.from({ length: 4 }, () => this.id(this.proveedores, 'otro1')),
    ];
    for (const [i, proveedorId] of owners.entries()) {
      const conductor = CONDUCTORES[i % CONDUCTORES.length] as string;
      const where = this.rnd.pick(PLACES);
      const disponible = i % 3 === 0 ? 0 : 1;
      const matricula = this.plate();
      const row = await this.trx
        .insertInto('vehiculos')
        .values({
          proveedor_id: proveedorId,
          matricula,
          tipo: TIPOS_VEHICULO[i % TIPOS_VEHICULO.length] as string,
          capacidad_kg: i % 5 === 3 ? 12_000 : 24_000,
          palets: i % 5 === 3 ? 16 : 33,
          conductor_nombre: conductor,
          conductor_telefono: `+34 6${this.rnd.int(10, 99)} ${this.rnd.int(100, 999)} ${this.rnd.int(100, 999)}`,
          disponible,
          disponible_desde: disponible ? this.day(0) : this.day(this.rnd.int(1, 4)),
          // Jitter so several trucks in one town do not overlap on the map.
          ultima_lat: where.lat + (this.rnd.next() - 0.5) * 0.1,
          ultima_lng: where.lng + (this.rnd.next() - 0.5) * 0.1,
          ultima_poblacion: where.poblacion,
          // Seen by the fleet's GPS within the last ten hours.
          ultima_posicion_at: new Date(
            this.now.getTime() - this.rnd.int(5, 600) * 60_000,
          ).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i < 10) fleet.push({ id: row.id, matricula, conductor });
    }
    return fleet;
  }

  /**
   * ~90 shipments: 50 for the demo customers, the rest for customers of other accounts; 3–8
   * tracking stops each. Some travel with a second shipment of the same customer, loaded the
   * same day, unloaded first on the way (groupage): the two are one transport's legs.
   */
  private async portes(): Promise<PorteDemo[][]> {
    const plan: string[] = [
      ...Array.from({ length: 20 }, () => 'cliente'),
      ...Array.from({ length: 16 }, (_, i) => `grupo${(i % 8) + 1}`),
      ...Array.from({ length: 8 }, (_, i) => `dos${(i % 2) + 1}`),
      ...Array.from({ length: 6 }, () => 'italia'),
      // Enough shipments for every transport of the carriers to carry real ones.
      ...Array.from({ length: 24 }, (_, i) => `otro${(i % 3) + 1}`),
    ];
    const grupos: PorteDemo[][] = [];
    for (const [i, clienteKey] of plan.entries()) {
      const home = place(CLIENTES.find((c) => c.key === clienteKey)?.poblacion ?? 'Madrid');
      let destino = this.rnd.pick(PLACES);
      while (destino === home) destino = this.rnd.pick(PLACES);
      // A spread from three months ago to next week; a cluster around today for tracking.
      // (Fixed days in the cluster, so that every customer has shipments on the road today.)
      const fecha =
        i % 4 === 0 ? ([0, -1, 3, -2, 1][(i / 4) % 5] as number) : this.rnd.int(-90, -4);
      const principal = await this.porte(i, clienteKey, home, destino, fecha, null);
      const grupo = [principal];
      const parada = i % 3 === 1 && principal.estado !== 'anulado' ? enRuta(home, destino) : null;
      if (parada) {
        // Unloaded on the way, before the main shipment: delivered no later than it.
        grupo.unshift(await this.porte(i, clienteKey, home, parada, fecha, principal));
      }
      grupos.push(grupo);
    }
    return grupos;
  }

  /** One shipment and its tracking stops; `principal`: the shipment it travels with. */
  private async porte(
    i: number,
    clienteKey: string,
    home: Place,
    destino: Place,
    fecha: number,
    principal: PorteDemo | null,
  ): Promise<PorteDemo> {
    const transit = transitDias(home, destino);
    const estado: PorteEstado =
      fecha > 0
        ? 'pendiente'
        : fecha + transit >= 0
          ? i % 7 === 3 && !principal
            ? 'incidencia'
            : 'en_transito'
          : i % 23 === 5
            ? 'anulado'
            : 'entregado';
    const bultos = this.rnd.int(1, 33);
    const peso = this.rnd.int(300, 24_000);
    const partida = String(2_600_000 + i * 7 + (principal ? 5 : 0) + this.rnd.int(0, 4));
    let entregadoAt = estado === 'entregado' ? this.at(fecha + transit, this.rnd.int(8, 17)) : null;
    if (entregadoAt && principal?.entregadoAt) {
      const antes = new Date(principal.entregadoAt).getTime() - 3 * 3_600_000;
      entregadoAt = new Date(Math.min(new Date(entregadoAt).getTime(), antes)).toISOString();
    }
    const incidencia =
      estado === 'incidencia'
        ? this.rnd.pick([
            'Destinatario cerrado; nueva entrega concertada',
            'Palé dañado en la descarga, pendiente de peritación',
            'Dirección de entrega incompleta',
          ])
        : null;
    const row = await this.trx
      .insertInto('portes')
      .values({
        partida,
        cliente_id: this.id(this.clientes, clienteKey),
        ref_cliente: this.rnd.chance(0.85) ? `PED-${this.rnd.int(10000, 99999)}` : null,
        origen_poblacion: home.poblacion,
        origen_cp: home.cp,
        origen_pais_iso: home.pais_iso,
        origen_lat: home.lat,
        origen_lng: home.lng,
        destino_poblacion: destino.poblacion,
        destino_cp: destino.cp,
        destino_pais_iso: destino.pais_iso,
        destino_lat: destino.lat,
        destino_lng: destino.lng,
        fecha_carga_prevista: this.day(fecha),
        fecha_entrega_prevista: this.day(fecha + transit),
        entregado_at: entregadoAt,
        bultos,
        peso_kg: peso,
        // Chargeable weight: the greater of real weight and volume-based weight.
        p_facturable_kg: Math.max(peso, bultos * 270),
        estado,
        incidencia,
        created_at: this.at(fecha - 3, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const km = kmLineaRecta(home, destino) * 1.25;
    const porte: PorteDemo = {
      id: row.id,
      partida,
      clienteKey,
      fecha,
      transit,
      estado,
      incidencia,
      origen: home,
      destino,
      bultos,
      peso,
      entregadoAt,
      ultimaParada: null,
      importe: Math.round(km * 1.3 + bultos * 4) * 100,
    };
    if (estado !== 'pendiente' && estado !== 'anulado') {
      porte.ultimaParada = await this.seguimiento(
        row.id,
        partida,
        home,
        destino,
        fecha,
        entregadoAt,
      );
    }
    return porte;
  }

  /**
   * The stops of a shipment as a carrier would report them: towns along the way, each nearer the
   * destination than the one before (km by road ≈ 1.25 × straight line), the destination only
   * as the delivered shipment's last stop, at 0 km. Times run from the loading day to the
   * delivery, or to a little before now for a shipment still on the road; the delay carries
   * over from stop to stop (it grows with an incident and is partly made up on the road).
   */
  private async seguimiento(
    porteId: number,
    partida: string,
    origen: Place,
    destino: Place,
    fecha: number,
    entregadoAt: string | null,
  ): Promise<{ place: Place; at: string }> {
    const total = this.rnd.int(3, 8);
    const delivered = entregadoAt !== null;
    // In-transit shipments have covered only part of the way.
    const reached = delivered ? total : Math.max(2, Math.min(total - 1, this.rnd.int(2, total)));
    const kmTo = (p: Place) => (p === destino ? 0 : Math.round(kmLineaRecta(p, destino) * 1.25));
    const places: Place[] = [origen];
    for (let s = 1; s < reached; s++) {
      const isLast = delivered && s === total - 1;
      const f = s / (total - 1);
      const point = {
        lat: origen.lat + (destino.lat - origen.lat) * f,
        lng: origen.lng + (destino.lng - origen.lng) * f,
      };
      const nearest = PLACES.reduce((best, p) =>
        kmLineaRecta(p, point) < kmLineaRecta(best, point) ? p : best,
      );
      const candidate = isLast ? destino : nearest;
      const previous = places[places.length - 1] as Place;
      // A town no nearer than the last stop (or the destination before delivery) is no stop.
      if (!isLast && (candidate === destino || kmTo(candidate) >= kmTo(previous))) continue;
      places.push(candidate);
    }
    const end = delivered
      ? new Date(entregadoAt).getTime()
      : this.now.getTime() - this.rnd.int(10, 120) * 60_000;
    // Loading at about 07:00 on the planned day; earlier if that would leave no time to drive.
    const start = Math.min(
      new Date(isoInstant(this.today, fecha, 6, 0)).getTime(),
      end - places.length * 45 * 60_000,
    );
    const recorrido = kmTo(origen) - kmTo(places[places.length - 1] as Place) || 1;
    let retraso = 0;
    let ultimaAt = end;
    const rows: Insertable<Database['seguimiento']>[] = places.map((stop, s) => {
      const isFirst = s === 0;
      const isLast = delivered && s === places.length - 1;
      const recorridos = kmTo(origen) - kmTo(stop);
      // Driving at about 65 km/h from loading; a delivered load may then wait for its slot.
      const proporcional = start + (end - start) * (recorridos / recorrido);
      const instante = delivered
        ? Math.min(proporcional, start + (recorridos / 65) * 3_600_000)
        : proporcional;
      ultimaAt = isLast ? end : instante;
      const { fecha: dia, hora } = fechaHoraMadrid(new Date(ultimaAt));
      let incidencia = false;
      if (!isFirst && this.rnd.chance(0.3)) {
        retraso += this.rnd.pick([15, 30, 45, 60, 90, 120]);
        incidencia = true;
      } else if (!isFirst && retraso > 0 && this.rnd.chance(0.4)) {
        retraso = Math.max(0, retraso - 15);
      }
      return {
        porte_id: porteId,
        partida,
        fecha: dia,
        hora,
        comentarios: isFirst
          ? 'Mercancía cargada'
          : isLast
            ? 'Entregado. Firmado por el destinatario'
            : incidencia
              ? this.rnd.pick(RETRASOS)
              : 'En ruta',
        cp: stop.cp,
        kilometros_destino: isLast ? 0 : kmTo(stop),
        pais: stop.pais,
        pais_iso: stop.pais_iso,
        poblacion: stop.poblacion,
        // The ERP's contract: the destination as the stop reports it (the web names a stop by
        // its own town, never by this).
        poblacion_b: destino.poblacion,
        retraso,
        lat: stop.lat,
        lng: stop.lng,
      };
    });
    await this.insertMany('seguimiento', rows);
    return { place: places[places.length - 1] as Place, at: new Date(ultimaAt).toISOString() };
  }

  /**
   * The transports that carry the shipments: one per shipment, or per groupage (two legs,
   * the nearer unloaded first), with the shipments' route, dates, packages and weights and a
   * status that follows theirs; ~5 of 6 by the demo carrier, on a truck of its fleet free on
   * those days. The loads already assigned on the exchange become transports of their own.
   */
  private async transportes(
    cargas: Array<{ id: number; origen: Place; destino: Place; fecha: number }>,
    vehiculos: Array<{ id: number; matricula: string; conductor: string }>,
    grupos: PorteDemo[][],
  ): Promise<void> {
    const demo = this.id(this.proveedores, 'demo');
    const proveedorUsuario = this.id(this.usuarios, 'proveedor');
    const otros = PROVEEDORES.filter((p) => p.key !== 'demo').map((p) =>
      this.id(this.proveedores, p.key),
    );
    const invoiceable: Array<{ id: number; fecha: number; importe: number }> = [];
    // Days each truck is on the road; the first one drives the live demo trip (TDEMO-A2).
    const ocupado = vehiculos.map(() => new Set<number>());
    for (let d = -1; d <= 2; d++) ocupado[0]?.add(d);
    const ultimoViaje = new Map<number, PorteDemo>();

    const asignadas = cargas.filter((_, i) => i >= 36 && i < 38);
    const specs: Array<{ legs: PorteDemo[]; carga?: (typeof cargas)[number] }> = [
      // Newest first, as the history lists them.
      ...[...grupos].sort((a, b) => b[0]!.fecha - a[0]!.fecha).map((legs) => ({ legs })),
      ...asignadas.map((carga) => ({ legs: [], carga })),
    ];

    for (const [i, spec] of specs.entries()) {
      const principal = spec.legs.at(-1);
      const origen = principal?.origen ?? spec.carga!.origen;
      const destino = principal?.destino ?? spec.carga!.destino;
      const fecha = principal?.fecha ?? spec.carga!.fecha;
      const transit = principal?.transit ?? transitDias(origen, destino);
      const proveedorId = spec.carga || i % 6 !== 5 ? demo : (otros[i % otros.length] as number);
      const estados = spec.legs.map((l) => l.estado);
      const estado: TransporteEstado =
        !principal || principal.estado === 'pendiente'
          ? 'asignado'
          : principal.estado === 'anulado'
            ? 'anulado'
            : estados.every((e) => e === 'entregado')
              ? 'entregado'
              : 'en_transito';
      const dias = Array.from({ length: transit + 1 }, (_, d) => fecha + d);
      const v =
        proveedorId === demo && estado !== 'anulado'
          ? vehiculos.findIndex((_, k) => dias.every((d) => !ocupado[k]!.has(d)))
          : -1;
      const vehiculo = v >= 0 ? vehiculos[v] : undefined;
      if (vehiculo) {
        for (const d of dias) ocupado[v]!.add(d);
        if (estado === 'en_transito' && principal) ultimoViaje.set(vehiculo.id, principal);
      }
      const km = kmLineaRecta(origen, destino) * 1.25;
      const importe = Math.round(km * (1.05 + this.rnd.next() * 0.3)) * 100;
      const referencia = `T${String(880_000 + i * 3)}`;
      const row = await this.trx
        .insertInto('transportes')
        .values({
          proveedor_id: proveedorId,
          carga_id: spec.carga?.id ?? null,
          vehiculo_id: vehiculo?.id ?? null,
          referencia,
          // Without a truck of the fleet free those days: a subcontracted one.
          matricula: vehiculo?.matricula ?? this.plate(),
          conductor: vehiculo?.conductor ?? this.rnd.pick(CONDUCTORES),
          origen_poblacion: origen.poblacion,
          origen_cp: origen.cp,
          origen_pais_iso: origen.pais_iso,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          fecha_carga: this.day(fecha),
          fecha_descarga: this.day(fecha + transit),
          importe_centimos: importe,
          estado,
          // The incident its shipment reports.
          incidencia: spec.legs.find((l) => l.incidencia)?.incidencia ?? null,
          created_at: this.at(fecha - 2, 12),
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const legs: Array<PorteDemo | null> = spec.legs.length > 0 ? spec.legs : [null];
      // Recent deliveries of the demo carrier still miss some CMRs ("Subir albaranes").
      const missingCmr =
        estado === 'en_transito' ||
        (estado === 'entregado' && proveedorId === demo && fecha > -25 && i % 2 === 0);
      for (const [k, porte] of legs.entries()) {
        const n = k + 1;
        const hasCmr = porte?.estado === 'entregado' && !(missingCmr && n === legs.length);
        const cmr = hasCmr
          ? await this.archivo(
              'cmr',
              { tipo: 'proveedor', id: proveedorId },
              `CMR-${referencia}-${n}.pdf`,
              `CMR transporte ${referencia.slice(1)} subpartida ${n}`,
            )
          : null;
        await this.trx
          .insertInto('subpartidas')
          .values({
            transporte_id: row.id,
            numero: n,
            porte_id: porte?.id ?? null,
            origen_poblacion: (porte?.origen ?? origen).poblacion,
            destino_poblacion: (porte?.destino ?? destino).poblacion,
            bultos: porte?.bultos ?? this.rnd.int(1, 33),
            peso_kg: porte?.peso ?? this.rnd.int(500, 8000),
            cmr_archivo_id: cmr,
            // Uploaded the day after the delivery (never later than now).
            cmr_subido_at: cmr ? this.at(fecha + transit + 1, 11) : null,
          })
          .execute();
      }
      if (estado === 'entregado' && proveedorId === demo) {
        invoiceable.push({ id: row.id, fecha: fecha + transit, importe });
      }
    }

    // A truck on the road was last seen where its shipment last reported, and is busy until
    // the delivery day.
    for (const [vehiculoId, porte] of ultimoViaje) {
      if (!porte.ultimaParada) continue;
      await this.trx
        .updateTable('vehiculos')
        .set({
          ultima_lat: porte.ultimaParada.place.lat,
          ultima_lng: porte.ultimaParada.place.lng,
          ultima_poblacion: porte.ultimaParada.place.poblacion,
          ultima_posicion_at: porte.ultimaParada.at,
          disponible: 0,
          disponible_desde: this.day(porte.fecha + porte.transit),
        })
        .where('id', '=', vehiculoId)
        .execute();
    }

    // Carrier invoices cover older deliveries in groups of 1–4; the latest ~10 stay unbilled.
    const billed = invoiceable.filter((t) => t.fecha < -12).sort((a, b) => a.fecha - b.fecha);
    let seq = 1;
    for (let k = 0; k < billed.length;) {
      const group = billed.slice(k, k + this.rnd.int(1, 4));
      k += group.length;
      const last = group[group.length - 1];
      if (!last) break;
      const fechaEmision = last.fecha + 2;
      const base = group.reduce((sum, t) => sum + t.importe, 0);
      const iva = Math.round(base * 0.21);
      const estado: FacturaProveedorEstado =
        fechaEmision < -60 ? 'pagada' : fechaEmision < -25 ? 'aprobada' : 'recibida';
      const numero = `FTD-${this.day(fechaEmision).slice(0, 4)}-${String(seq++).padStart(4, '0')}`;
      const archivoId = await this.archivo(
        'factura_proveedor',
        { tipo: 'proveedor', id: demo },
        `${numero}.pdf`,
        `Factura ${numero}`,
      );
      const factura = await this.trx
        .insertInto('facturas_proveedor')
        .values({
          proveedor_id: demo,
          numero,
          fecha_emision: this.day(fechaEmision),
          vto: this.day(fechaEmision + 60),
          base_imponible_centimos: base,
          iva_centimos: iva,
          importe_centimos: base + iva,
          estado,
          fecha_pago: estado === 'pagada' ? this.day(fechaEmision + 45) : null,
          archivo_id: archivoId,
          usuario_id: proveedorUsuario,
          created_at: this.at(fechaEmision, 16),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertMany(
        'facturas_proveedor_transportes',
        group.map((t) => ({ factura_proveedor_id: factura.id, transporte_id: t.id })),
      );
    }
  }

  /** Monthly invoices per customer over its delivered shipments, with one line each. */
  private async facturasClientes(
    portes: Array<{
      id: number;
      partida: string;
      clienteKey: string;
      fecha: number;
      estado: PorteEstado;
      origen: Place;
      destino: Place;
      importe: number;
    }>,
  ): Promise<void> {
    const groups = new Map<string, typeof portes>();
    for (const porte of portes) {
      if (porte.estado !== 'entregado') continue;
      const key = `${porte.clienteKey}|${this.day(porte.fecha).slice(0, 7)}`;
      groups.set(key, [...(groups.get(key) ?? []), porte]);
    }
    const numeros = new Map<string, number>();
    for (const [key, group] of [...groups.entries()].sort()) {
      const clienteKey = key.split('|')[0] as string;
      const italian = clienteKey === 'italia';
      const serie = italian ? 'IT' : 'A';
      const numero = (numeros.get(serie) ?? 0) + 1;
      numeros.set(serie, numero);
      const fechaEmision = Math.min(-1, Math.max(...group.map((p) => p.fecha)) + 3);
      const base = group.reduce((sum, p) => sum + p.importe, 0);
      const ivaPorcentaje = italian ? 22 : 21;
      const iva = Math.round((base * ivaPorcentaje) / 100);
      const clienteId = this.id(this.clientes, clienteKey);
      const nombre = `Factura ${serie}-${numero}.pdf`;
      const values = {
        cliente_id: clienteId,
        serie,
        numero,
        fecha_emision: this.day(fechaEmision),
        vto: this.day(fechaEmision + 60),
        base_imponible_centimos: base,
        iva_porcentaje: ivaPorcentaje,
        iva_centimos: iva,
        importe_centimos: base + iva,
        pagada: fechaEmision + 60 < 0 ? (1 as const) : (0 as const),
      };
      const lineas = group.map((p) => ({
        concepto: `Transporte ${p.origen.poblacion} - ${p.destino.poblacion}`,
        partida: p.partida,
        porte_id: p.id,
        cantidad: 1,
        precio_centimos: p.importe,
        importe_centimos: p.importe,
      }));
      const cliente = await this.trx
        .selectFrom('clientes')
        .selectAll()
        .where('id', '=', clienteId)
        .executeTakeFirstOrThrow();
      const archivoId = await this.archivo(
        'factura',
        { tipo: 'cliente', id: clienteId },
        nombre,
        `Factura ${serie}/${numero}`,
        await renderFacturaPdf(values, lineas, cliente),
      );
      const factura = await this.trx
        .insertInto('facturas')
        .values({ ...values, archivo_id: archivoId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.insertMany(
        'factura_lineas',
        lineas.map((linea, i) => ({ factura_id: factura.id, orden: i + 1, ...linea })),
      );
    }
  }

  private async certificados(): Promise<void> {
    const demo = this.id(this.proveedores, 'demo');
    // Types are `certificado_tipos` codes. The mandatory ones (seguro_mercancias,
    // tarjeta_transporte) are valid so the demo carrier can offer; an optional one is expired.
    // [tipo, nombre, descripción, caduca en días, validez en días]: issued in the past.
    const certs: Array<[string, string, string, number, number]> = [
      // Expires within 30 days: the page warns about it.
      [
        'seguro_mercancias',
        'Seguro de mercancías (CMR)',
        'Póliza de responsabilidad civil del transportista',
        20,
        365,
      ],
      // The transport card is endorsed every two years.
      [
        'tarjeta_transporte',
        'Tarjeta de transporte',
        'Autorización MDPE de ámbito nacional',
        410,
        730,
      ],
      ['hacienda', 'Certificado de Hacienda', 'Al corriente de obligaciones tributarias', 150, 365],
      [
        'seguridad_social',
        'Certificado de la Seguridad Social',
        'Al corriente de pago de cuotas',
        -5,
        180,
      ],
    ];
    for (const [tipo, nombre, descripcion, caduca, validez] of certs) {
      const archivoId = await this.archivo(
        'certificado',
        { tipo: 'proveedor', id: demo },
        `${nombre}.pdf`,
        nombre,
      );
      await this.trx
        .insertInto('certificados')
        .values({
          proveedor_id: demo,
          tipo,
          descripcion,
          archivo_id: archivoId,
          fecha_emision: this.day(caduca - validez),
          fecha_caducidad: this.day(caduca),
        })
        .execute();
    }
    await this.trx
      .insertInto('certificados')
      .values({
        proveedor_id: this.id(this.proveedores, 'otro1'),
        tipo: 'seguro_mercancias',
        fecha_emision: this.day(-165),
        fecha_caducidad: this.day(200),
      })
      .execute();
  }

  private async prevencion(): Promise<void> {
    const demo = this.id(this.proveedores, 'demo');
    const docs = [
      'Normas de seguridad en muelles de carga',
      'Plan de autoprotección del centro de Zaragoza',
      'Uso de equipos de protección individual',
      'Procedimiento de carga y descarga de mercancías peligrosas',
    ];
    for (const [i, titulo] of docs.entries()) {
      const archivoId = await this.archivo(
        'prevencion',
        { tipo: 'sistema', id: null },
        `${titulo}.pdf`,
        titulo,
      );
      const row = await this.trx
        .insertInto('prevencion_documentos')
        .values({
          titulo,
          descripcion: 'Documento de coordinación de actividades empresariales (CAE)',
          archivo_id: archivoId,
          obligatorio: i < 3 ? 1 : 0,
          publicado_at: this.at(-120 + i * 30, 9),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i < 2) {
        await this.trx
          .insertInto('prevencion_lecturas')
          .values({
            documento_id: row.id,
            proveedor_id: demo,
            usuario_id: this.id(this.usuarios, 'proveedor'),
            leido_at: this.at(-100 + i * 30, 10),
          })
          .execute();
      }
    }
  }

  private async solicitudesYSugerencias(): Promise<void> {
    const clienteId = this.id(this.clientes, 'cliente');
    const usuarioId = this.id(this.usuarios, 'cliente');
    for (let i = 0; i < 3; i++) {
      const [origen, destino] = this.rnd.pair(PLACES);
      await this.trx
        .insertInto('solicitudes')
        .values({
          cliente_id: clienteId,
          usuario_id: usuarioId,
          origen_poblacion: origen.poblacion,
          origen_cp: origen.cp,
          origen_pais_iso: origen.pais_iso,
          destino_poblacion: destino.poblacion,
          destino_cp: destino.cp,
          destino_pais_iso: destino.pais_iso,
          fecha_carga: this.day(3 + i * 4),
          mercancia: this.rnd.pick(MERCANCIAS),
          bultos: this.rnd.int(2, 30),
          peso_kg: this.rnd.int(500, 20_000),
          estado: i === 0 ? 'aceptada' : i === 1 ? 'en_estudio' : 'recibida',
          created_at: this.at(-10 + i * 4, 11),
        })
        .execute();
    }
    await this.insertMany('sugerencias', [
      {
        cliente_id: clienteId,
        usuario_id: usuarioId,
        texto: 'Sería útil recibir un aviso cuando el camión esté a una hora de la entrega.',
        created_at: this.at(-20, 12),
      },
      {
        cliente_id: clienteId,
        usuario_id: usuarioId,
        texto: 'Poder descargar el histórico en Excel.',
        created_at: this.at(-6, 17),
      },
    ]);
  }
}
