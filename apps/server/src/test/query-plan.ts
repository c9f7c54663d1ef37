import { CompiledQuery, type Compilable } from 'kysely';
import type { DatabaseHandle } from '../db/connection.js';

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
