// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The change counters split in parts (decision 014, issue 17's ping benchmark). On PostgreSQL a
 * bump updated the one row of its owner, and held that row's lock until its transaction ended:
 * every ping batch of every truck of one client queued behind the others. Now each backend
 * bumps its own part (`parte` = its process id modulo PARTES), so concurrent writers of one
 * owner rarely share a row, and an owner's version is the sum of its parts, which every
 * committed bump still raises. SQLite has one writer at a time: its rows keep `parte` 0.
 */

const PARTES = 16;

/* Copied in, not imported: a frozen migration must not change when shared code does. */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The bump functions migration 22 created, with their bodies. */
async function funciones(db: Kysely<any>): Promise<Array<{ nombre: string; cuerpo: string }>> {
  const { rows } = await sql<{ nombre: string; cuerpo: string }>`
    select p.proname as nombre, p.prosrc as cuerpo
    from pg_proc p join pg_namespace s on s.oid = p.pronamespace
    where s.nspname = current_schema() and p.proname like 'versiones\\_%'`.execute(db);
  return rows;
}

/** Rewrites each bump function's body, failing if one is not as migration 22 wrote it. */
async function reescribir(
  db: Kysely<any>,
  cambios: ReadonlyArray<readonly [RegExp, string]>,
): Promise<void> {
  for (const { nombre, cuerpo } of await funciones(db)) {
    let nuevo = cuerpo;
    for (const [patron, sustituto] of cambios) {
      if (!patron.test(nuevo)) throw new Error(`${nombre}: no contiene ${patron}`);
      nuevo = nuevo.replace(patron, sustituto);
    }
    await sql
      .raw(
        `create or replace function ${nombre}() returns trigger language plpgsql as $$${nuevo}$$`,
      )
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('versiones')
    .addColumn('parte', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (!isPostgres(db)) return;
  await sql`alter table versiones drop constraint versiones_pk`.execute(db);
  await sql`alter table versiones add constraint versiones_pk primary key (ambito, id, parte)`.execute(
    db,
  );
  await reescribir(db, [
    [/insert into versiones \(ambito, id, n\)/g, 'insert into versiones (ambito, id, parte, n)'],
    [/, o\.id, 1 from/g, `, o.id, pg_backend_pid() % ${PARTES}, 1 from`],
    [/on conflict \(ambito, id\) do update/g, 'on conflict (ambito, id, parte) do update'],
  ]);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await reescribir(db, [
      [/insert into versiones \(ambito, id, parte, n\)/g, 'insert into versiones (ambito, id, n)'],
      [/, o\.id, pg_backend_pid\(\) % \d+, 1 from/g, ', o.id, 1 from'],
      [/on conflict \(ambito, id, parte\) do update/g, 'on conflict (ambito, id) do update'],
    ]);
    // The parts of each owner summed back into one row.
    await sql`
      create temporary table versiones_suma as
      select ambito, id, sum(n) as n from versiones group by ambito, id`.execute(db);
    await sql`delete from versiones`.execute(db);
    await sql`insert into versiones (ambito, id, parte, n) select ambito, id, 0, n from versiones_suma`.execute(
      db,
    );
    await sql`drop table versiones_suma`.execute(db);
    await sql`alter table versiones drop constraint versiones_pk`.execute(db);
    await sql`alter table versiones add constraint versiones_pk primary key (ambito, id)`.execute(
      db,
    );
  }
  await db.schema.alterTable('versiones').dropColumn('parte').execute();
}
