import { CompiledQuery, type Compilable } from 'kysely';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/connection.js';
import { bulkGenerate, type BulkOptions } from '../db/seed/bulk.js';
import type { TestDatabaseHandle } from './databases.js';

/** The planner's plan of `query` as text, one line per node (to check which index it uses). */
export async function queryPlan(handle: DatabaseHandle, query: Compilable): Promise<string> {
  const compiled = query.compile();
  const prefix = handle.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
  const result = await handle.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  return result.rows
    .map((row) => {
      const line = row['QUERY PLAN'] ?? row['detail'];
      return typeof line === 'string' ? line : JSON.stringify(row);
    })
    .join('\n');
}

/** A fresh database filled by the bulk generator, with PostgreSQL's planner statistics taken. */
export async function bulkDatabase(
  open: () => Promise<TestDatabaseHandle>,
  options: BulkOptions,
): Promise<TestDatabaseHandle> {
  const handle = await open();
  await bulkGenerate(handle.db, options);
  if (handle.dialect === 'postgres') await handle.db.executeQuery(CompiledQuery.raw('analyze'));
  return handle;
}

/** The plan reads the rows in order from an index whose name starts with `index`: no sort. */
export function expectIndexOrder(handle: DatabaseHandle, plan: string, index: string) {
  if (handle.dialect === 'sqlite') {
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(plan).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}`));
  } else {
    expect(plan).not.toMatch(/\bSort\b/);
    expect(plan).toMatch(new RegExp(`Index (Only )?Scan.*${index}`));
  }
}
