#!/usr/bin/env node
// Fails the test run when the web build is over its size budget (issue 7). Run after `npm run build`:
//   node scripts/check-bundle-budget.mjs [distDir]   (default: WEB_DIST_DIR or apps/web/dist)
import path from 'node:path';
import { formatKib, measureBuild } from './bundle-budget.mjs';

const distDir = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const rows = measureBuild(distDir);
const over = rows.filter((row) => !row.ok);
const routes = rows.filter((row) => row.kind === 'ruta' || row.kind === 'portal');
const largest = rows
  .filter((row) => row.kind === 'chunk')
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, 5);

console.log(`Presupuesto de la web (${distDir}), JavaScript comprimido con gzip:`);
for (const row of [...routes, ...largest]) {
  let extra = row.withImports === undefined ? '' : ` (${formatKib(row.withImports)} con imports)`;
  if (row.kind === 'portal') {
    extra = ` más allá del login (marco ${formatKib(row.frame)}, página ${formatKib(row.bytes - row.frame)})`;
  }
  const verdict = row.ok ? 'ok ' : 'MAL';
  console.log(
    `  ${verdict} ${row.kind} ${row.name}: ${formatKib(row.bytes)}${extra}, límite ${formatKib(row.budget)}`,
  );
}
if (over.length > 0) {
  console.error(`\n${over.length} fuera de presupuesto:`);
  for (const row of over) {
    console.error(`  ${row.kind} ${row.name}: ${formatKib(row.bytes)} > ${formatKib(row.budget)}`);
    // What holds a portal route beyond its portal's frame: the page's largest chunks.
    for (const key of row.chunks?.slice(0, 4) ?? []) console.error(`      ${key}`);
  }
  process.exit(1);
}
