import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './database.js';

type Db = Kysely<Database>;

/** Stands for the argument at `index` while the query compiles; never reaches the database. */
class Placeholder {
  constructor(readonly index: number) {}
}

interface Template {
  sql: string;
  /** Per compiled parameter: the argument index it takes, or the constant it keeps. */
  parameters: ReadonlyArray<{ arg: number } | { value: unknown }>;
}

function compileTemplate<Args extends unknown[]>(
  db: Db,
  build: (db: Db, ...args: Args) => Compilable<unknown>,
  arity: number,
): Template {
  const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
  const { sql, parameters } = build(db, ...(placeholders as unknown as Args)).compile();
  const used = new Set<number>();
  const template = parameters.map((value) => {
    if (!(value instanceof Placeholder)) return { value };
    used.add(value.index);
    return { arg: value.index };
  });
  if (used.size !== arity) {
    throw new Error(`preparedQuery: un argumento no llega como valor a la consulta: ${sql}`);
  }
  return { sql, parameters: template };
}

/**
 * A query of fixed shape built and compiled once per database, then run with each call's
 * values. Kysely builds and compiles every query anew, about 35 µs: more than SQLite takes to
 * find a row by key, and the session, resource and profile reads run on nearly every request
 * (docs/benchmarks.md).
 *
 * `build` receives stand-ins instead of the arguments: it must pass each one as a plain value
 * (`where('id', '=', id)`), never test, combine or transform it; an argument that does not
 * reach the compiled parameters throws on first use. `arity` is the number of arguments.
 */
export function preparedQuery<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const templates = new WeakMap<Db, Template>();
  return async (db, ...args) => {
    let template = templates.get(db);
    if (!template) {
      template = compileTemplate(db, build, arity);
      templates.set(db, template);
    }
    const parameters = template.parameters.map((p) => ('arg' in p ? args[p.arg] : p.value));
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}
