// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/*
 * The legs' totals and the invoiced flag kept on each transport (issue 7): the carrier's
 * history page read them with two more queries over its legs and invoice links, which cost
 * more than the page itself. Triggers keep them: every writer (portal, ERP, CLI, seeds, a
 * cascade) changes legs and invoice links, and none has to remember these columns.
 * docs/decisions/007-transport-totals-by-trigger.md
 */

const TOTALES = [
  'subpartidas_n',
  'subpartidas_bultos',
  'subpartidas_peso_kg',
  'subpartidas_sin_cmr',
] as const;

/** `update transportes` adding one leg's share (`sign` 1) or taking it away (-1). */
function legShare(row: 'new' | 'old', sign: '+' | '-'): string {
  return `update transportes set
      subpartidas_n = subpartidas_n ${sign} 1,
      subpartidas_bultos = subpartidas_bultos ${sign} ${row}.bultos,
      subpartidas_peso_kg = subpartidas_peso_kg ${sign} ${row}.peso_kg,
      subpartidas_sin_cmr = subpartidas_sin_cmr ${sign} (case when ${row}.cmr_archivo_id is null then 1 else 0 end)
    where id = ${row}.transporte_id;`;
}

const facturado = (row: 'new' | 'old', value: 0 | 1) =>
  `update transportes set facturado = ${value} where id = ${row}.transporte_id;`;

async function createSqliteTriggers(db: Kysely<any>) {
  const statements = [
    `create trigger subpartidas_totales_ins after insert on subpartidas begin
      ${legShare('new', '+')} end`,
    `create trigger subpartidas_totales_del after delete on subpartidas begin
      ${legShare('old', '-')} end`,
    `create trigger subpartidas_totales_upd
      after update of transporte_id, bultos, peso_kg, cmr_archivo_id on subpartidas begin
      ${legShare('old', '-')} ${legShare('new', '+')} end`,
    `create trigger facturado_ins after insert on facturas_proveedor_transportes begin
      ${facturado('new', 1)} end`,
    `create trigger facturado_del after delete on facturas_proveedor_transportes begin
      ${facturado('old', 0)} end`,
    `create trigger facturado_upd after update of transporte_id on facturas_proveedor_transportes begin
      ${facturado('old', 0)} ${facturado('new', 1)} end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function createPostgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function subpartidas_totales() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${legShare('old', '-')} end if;
      if tg_op in ('UPDATE', 'INSERT') then ${legShare('new', '+')} end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger subpartidas_totales
      after insert or delete or update of transporte_id, bultos, peso_kg, cmr_archivo_id
      on subpartidas for each row execute function subpartidas_totales()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function transporte_facturado() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then ${facturado('old', 0)} end if;
      if tg_op in ('UPDATE', 'INSERT') then ${facturado('new', 1)} end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger transporte_facturado
      after insert or delete or update of transporte_id
      on facturas_proveedor_transportes for each row execute function transporte_facturado()`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  // Per transport, a sum of integers can outgrow PostgreSQL's 4-byte integer.
  const total = isPostgres(db) ? 'bigint' : 'integer';
  for (const column of TOTALES) {
    await db.schema
      .alterTable('transportes')
      .addColumn(column, total, (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .alterTable('transportes')
    .addColumn('facturado', 'integer', flag('facturado', 0))
    .execute();

  await sql`update transportes set
      subpartidas_n = (select count(*) from subpartidas s where s.transporte_id = transportes.id),
      subpartidas_bultos = coalesce((select sum(s.bultos) from subpartidas s where s.transporte_id = transportes.id), 0),
      subpartidas_peso_kg = coalesce((select sum(s.peso_kg) from subpartidas s where s.transporte_id = transportes.id), 0),
      subpartidas_sin_cmr = (select count(*) from subpartidas s where s.transporte_id = transportes.id and s.cmr_archivo_id is null),
      facturado = case when exists (select 1 from facturas_proveedor_transportes ft where ft.transporte_id = transportes.id) then 1 else 0 end`.execute(
    db,
  );

  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger subpartidas_totales on subpartidas`.execute(db);
    await sql`drop function subpartidas_totales()`.execute(db);
    await sql`drop trigger transporte_facturado on facturas_proveedor_transportes`.execute(db);
    await sql`drop function transporte_facturado()`.execute(db);
  } else {
    for (const trigger of [
      'subpartidas_totales_ins',
      'subpartidas_totales_del',
      'subpartidas_totales_upd',
      'facturado_ins',
      'facturado_del',
      'facturado_upd',
    ]) {
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    }
  }
  for (const column of [...TOTALES, 'facturado']) {
    await db.schema.alterTable('transportes').dropColumn(column).execute();
  }
}

/*
 * Dialect helpers copied in, not imported: a frozen migration must not change when shared
 * code does. Portable types: docs/decisions/002-portable-sql-types.md
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** 0/1 flag column with a default and a check constraint. */
function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}
