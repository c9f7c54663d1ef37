import {
  CompiledQuery,
  type Compilable,
  type IdentifierNode,
  type Kysely,
  type RootOperationNode,
} from 'kysely';
import { arrayReaderOf } from './connection.js';
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
  /** The names of a select's columns in order, when each is a column or has an alias. */
  names: readonly string[] | undefined;
}

/**
 * The row keys of a select whose every column is named by the query itself (a column, or any
 * expression with an alias); undefined for anything else (`select *`, a write, a union).
 */
function selectedNames(node: RootOperationNode): string[] | undefined {
  if (node.kind !== 'SelectQueryNode' || !node.selections || node.setOperations) return undefined;
  const names: string[] = [];
  for (const { selection } of node.selections) {
    if (selection.kind === 'AliasNode' && selection.alias.kind === 'IdentifierNode') {
      names.push((selection.alias as IdentifierNode).name);
    } else if (selection.kind === 'ReferenceNode' && selection.column.kind === 'ColumnNode') {
      names.push(selection.column.column.name);
    } else if (selection.kind === 'ColumnNode') {
      names.push(selection.column.name);
    } else {
      return undefined;
    }
  }
  return names;
}

function compileTemplate<Args extends unknown[]>(
  db: Db,
  build: (db: Db, ...args: Args) => Compilable<unknown>,
  arity: number,
  /** Stand-ins already placed inside the arguments (preparedRows), beyond `arity`. */
  placed = 0,
): Template {
  const placeholders = Array.from({ length: arity }, (_, i) => new Placeholder(i));
  const { sql, parameters, query } = build(db, ...(placeholders as unknown as Args)).compile();
  arity += placed;
  const used = new Set<number>();
  const template = parameters.map((value) => {
    if (!(value instanceof Placeholder)) return { value };
    used.add(value.index);
    return { arg: value.index };
  });
  if (used.size !== arity) {
    throw new Error(`preparedQuery: un argumento no llega como valor a la consulta: ${sql}`);
  }
  return { sql, parameters: template, names: selectedNames(query) };
}

/**
 * A query of fixed shape built and compiled once per database, then run with each call's
 * values. Kysely builds and compiles every query anew, about 35 µs: more than SQLite takes to
 * find a row by key, and the session, resource and profile reads run on nearly every request
 * (docs/benchmarks.md). A select whose columns all have names (no `select *`) is read as
 * arrays straight from the driver and made into the same objects, as `preparedRows` reads.
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
    // A select that names its columns: its rows straight from the driver (see preparedRows).
    const names = template.names;
    const read = names && arrayReaderOf(db)?.read(template.sql, parameters);
    if (read) return objectsOf(names, await read) as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
    return result.rows;
  };
}

/** Rows of arrays as the objects Kysely gives (a repeated name keeps the last value). */
function objectsOf(names: readonly string[], rows: unknown[][]): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row;
  });
}

/**
 * The values of `args` that vary between calls (strings, numbers, bigints, dates: the leaves)
 * and the shape around them (which filters are given, booleans, nulls, array lengths). Queries of
 * one shape compile to the same SQL with the leaves as its parameters.
 */
function leavesAndShape(args: readonly unknown[]): { leaves: unknown[]; shape: string } {
  const leaves: unknown[] = [];
  let shape = '';
  const walk = (value: unknown) => {
    if (value === undefined) shape += 'u';
    else if (value === null) shape += 'n';
    else if (value === true) shape += 't';
    else if (value === false) shape += 'f';
    else if (Array.isArray(value)) {
      shape += '[';
      for (const item of value) walk(item);
      shape += ']';
    } else if (typeof value === 'object' && !(value instanceof Date)) {
      shape += '{';
      for (const key in value) {
        shape += `${key}:`;
        walk((value as Record<string, unknown>)[key]);
      }
      shape += '}';
    } else {
      leaves.push(value);
      shape += 'v';
    }
  };
  for (const arg of args) walk(arg);
  return { leaves, shape };
}

/** `args` with each leaf replaced by a stand-in of its index (the order `leavesAndShape` reads). */
function withPlaceholders(args: readonly unknown[]): unknown[] {
  let index = 0;
  const swap = (value: unknown): unknown => {
    if (value === undefined || value === null || typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.map(swap);
    if (typeof value === 'object' && !(value instanceof Date)) {
      const out: Record<string, unknown> = {};
      for (const key in value) out[key] = swap((value as Record<string, unknown>)[key]);
      return out;
    }
    return new Placeholder(index++);
  };
  return args.map(swap);
}

/**
 * A list query read as arrays: compiled once per database and per shape of its arguments
 * (which optional filters are given, whether a cursor is), run with each call's values, its rows
 * handed over as arrays of column values in the select's order. On a database opened by
 * `openDatabase` the rows come straight from the driver (db/connection.ts `arrayReaderOf`):
 * no row objects to build and copy, no Kysely execution layer. Elsewhere (a transaction, SQLite
 * while a transaction holds the connection) through Kysely, the same arrays.
 *
 * As with `preparedQuery`, every string and number among the arguments must reach the query as
 * a plain value (a filter is tested with `!== undefined`, never by its value); booleans and nulls
 * may choose the query's shape. A value that does not reach the parameters throws on first use.
 */
export function preparedRows<Args extends unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<unknown>,
): (db: Db, ...args: Args) => Promise<unknown[][]> {
  const templates = new WeakMap<Db, Map<string, Template>>();
  return async (db, ...args) => {
    const { leaves, shape } = leavesAndShape(args);
    let byShape = templates.get(db);
    if (!byShape) templates.set(db, (byShape = new Map<string, Template>()));
    let template = byShape.get(shape);
    if (!template) {
      const stand = withPlaceholders(args) as Args;
      template = compileTemplate(db, (d: Db) => build(d, ...stand), 0, leaves.length);
      byShape.set(shape, template);
    }
    const parameters = template.parameters.map((p) => ('arg' in p ? leaves[p.arg] : p.value));
    const read = arrayReaderOf(db)?.read(template.sql, parameters);
    if (read !== undefined) return read;
    const result = await db.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(template.sql, parameters),
    );
    return result.rows.map((row) => Object.values(row));
  };
}
