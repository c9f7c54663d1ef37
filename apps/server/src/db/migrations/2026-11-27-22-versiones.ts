// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Change counters for the conditional reads (issue 21 point 4): a counter per owner (a client,
 * a carrier) and one global one (the open loads every carrier sees), bumped by triggers on
 * every table a conditional read's body is made from. The ETag of a read is a hash of its
 * counters, so a 304 costs one indexed read of this table instead of the body's queries.
 * Every writer (portal, ERP, driver link, CLI, seeds, cascades) goes through the triggers.
 * docs/decisions/014-conditional-reads.md
 */

/**
 * One dependency: a table, the counter it bumps (`ambito`) and the owners a changed row
 * concerns, as a query over `r` (the changed rows) returning their ids as `id`. `columnas`
 * are the row's columns the query reads (SQLite builds `r` from them).
 */
interface Dependencia {
  tabla: string;
  ambito: 'cargas' | 'cliente' | 'proveedor';
  columnas: readonly string[];
  owners: (r: string) => string;
  /** The writes that concern the owners, when not all three. */
  eventos?: readonly Evento[];
}

type Evento = 'insert' | 'update' | 'delete';

/** The clients whose shipments ride on a transport (live ETA, stops). */
const clientesDelTransporte = (r: string) =>
  `select p.cliente_id as id from ${r}
     join subpartidas s on s.transporte_id = r.transporte_id
     join portes p on p.id = s.porte_id`;

const DEPENDENCIAS: readonly Dependencia[] = [
  // The load list of every carrier: any change of a load (published, edited, closed).
  {
    tabla: 'cargas',
    ambito: 'cargas',
    columnas: ['id'],
    owners: (r) => `select 0 as id from ${r}`,
  },
  // The carrier's own offer shown on each load, and its discards hiding loads.
  {
    tabla: 'ofertas',
    ambito: 'proveedor',
    columnas: ['proveedor_id'],
    owners: (r) => `select r.proveedor_id as id from ${r}`,
  },
  {
    tabla: 'descartes',
    ambito: 'proveedor',
    columnas: ['proveedor_id'],
    owners: (r) => `select r.proveedor_id as id from ${r}`,
  },
  // The customer's shipments, their tracking stops, legs, live ETA and stops, files, invoices.
  {
    tabla: 'portes',
    ambito: 'cliente',
    columnas: ['cliente_id'],
    owners: (r) => `select r.cliente_id as id from ${r}`,
  },
  {
    tabla: 'seguimiento',
    ambito: 'cliente',
    columnas: ['porte_id'],
    owners: (r) => `select p.cliente_id as id from ${r} join portes p on p.id = r.porte_id`,
  },
  {
    tabla: 'subpartidas',
    ambito: 'cliente',
    columnas: ['porte_id'],
    owners: (r) => `select p.cliente_id as id from ${r} join portes p on p.id = r.porte_id`,
  },
  {
    tabla: 'transporte_eta',
    ambito: 'cliente',
    columnas: ['transporte_id'],
    owners: clientesDelTransporte,
  },
  {
    tabla: 'transporte_paradas',
    ambito: 'cliente',
    columnas: ['transporte_id'],
    owners: clientesDelTransporte,
  },
  {
    tabla: 'facturas',
    ambito: 'cliente',
    columnas: ['cliente_id'],
    owners: (r) => `select r.cliente_id as id from ${r}`,
  },
  {
    tabla: 'factura_lineas',
    ambito: 'cliente',
    columnas: ['factura_id'],
    owners: (r) => `select f.cliente_id as id from ${r} join facturas f on f.id = r.factura_id`,
  },
  // A file's name is shown in the tracking's documents. A new file is referenced by nobody
  // yet, and deleting one sets its holders' reference to null, a change of the holder: only
  // an update of the file itself concerns its holders' clients.
  {
    tabla: 'archivos',
    eventos: ['update'],
    ambito: 'cliente',
    columnas: ['id'],
    owners: (r) =>
      `select p.cliente_id as id from ${r} join portes p on p.cmr_archivo_id = r.id or p.pod_archivo_id = r.id
       union select p.cliente_id as id from ${r} join subpartidas s on s.cmr_archivo_id = r.id join portes p on p.id = s.porte_id
       union select f.cliente_id as id from ${r} join facturas f on f.archivo_id = r.id`,
  },
];

/** Bumps the counters of the owners that `owners` finds (each once). */
function bump(d: Dependencia, r: string): string {
  return `insert into versiones (ambito, id, n)
    select distinct '${d.ambito}', o.id, 1 from (${d.owners(r)}) o where o.id is not null
    on conflict (ambito, id) do update set n = versiones.n + 1;`;
}

const EVENTOS = [
  ['ins', 'insert', ['new']],
  ['upd', 'update', ['old', 'new']],
  ['del', 'delete', ['old']],
] as const;

const nombre = (d: Dependencia, ev: string) => `versiones_${d.tabla}_${ev}`;

/** The events of a dependency's triggers. */
const eventosDe = (d: Dependencia) =>
  EVENTOS.filter(([, evento]) => (d.eventos ?? ['insert', 'update', 'delete']).includes(evento));

async function createSqliteTriggers(db: Kysely<any>) {
  for (const d of DEPENDENCIAS) {
    for (const [ev, evento, filas] of eventosDe(d)) {
      const cuerpo = filas
        .map((fila) => {
          const cols = d.columnas.map((c) => `${fila}.${c} as ${c}`).join(', ');
          return bump(d, `(select ${cols}) r`);
        })
        .join('\n');
      await sql
        .raw(`create trigger ${nombre(d, ev)} after ${evento} on ${d.tabla} begin ${cuerpo} end`)
        .execute(db);
    }
  }
}

/*
 * PostgreSQL: statement-level triggers over the transition tables, so a batch (the ERP's
 * imports, the bulk generator) bumps each owner once per statement, not once per row.
 * Transition tables allow one event per trigger: three triggers per table.
 */
async function createPostgresTriggers(db: Kysely<any>) {
  const transicion = { new: 'nuevas', old: 'viejas' } as const;
  for (const d of DEPENDENCIAS) {
    for (const [ev, evento, filas] of eventosDe(d)) {
      const cuerpo = filas.map((fila) => bump(d, `${transicion[fila]} r`)).join('\n');
      const referencing = filas.map((fila) => `${fila} table as ${transicion[fila]}`).join(' ');
      await sql
        .raw(
          `create function ${nombre(d, ev)}() returns trigger language plpgsql as $$
          begin ${cuerpo} return null; end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${nombre(d, ev)} after ${evento} on ${d.tabla}
          referencing ${referencing} for each statement execute function ${nombre(d, ev)}()`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('versiones')
    .addColumn('ambito', 'varchar(16)', (col) => col.notNull())
    .addColumn('id', 'integer', (col) => col.notNull())
    // A counter bumped on every write of a busy owner outgrows 4 bytes in time.
    .addColumn('n', postgres ? 'bigint' : 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('versiones_pk', ['ambito', 'id'])
    .execute();
  if (postgres) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  for (const d of DEPENDENCIAS) {
    for (const [ev] of eventosDe(d)) {
      if (postgres) {
        await sql.raw(`drop trigger ${nombre(d, ev)} on ${d.tabla}`).execute(db);
        await sql.raw(`drop function ${nombre(d, ev)}()`).execute(db);
      } else {
        await sql.raw(`drop trigger ${nombre(d, ev)}`).execute(db);
      }
    }
  }
  await db.schema.dropTable('versiones').execute();
}

/* Copied in, not imported: a frozen migration must not change when shared code does. */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
