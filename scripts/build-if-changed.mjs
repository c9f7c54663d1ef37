#!/usr/bin/env node
/**
 * `npm start` builds only when something the build reads has changed since the last build
 * (issue 21.7: a second start on an unchanged checkout must answer within seconds). The stamp
 * is a SHA-256 over the inputs' paths and contents, kept in build/; the outputs must still exist.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the build reads: sources, configs and the lock file. */
export const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts',
  'apps/server',
  'apps/web',
];
/** Folders under the inputs that are not read by the build (outputs, dependencies, tests' data). */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'build', 'coverage', 'test-results']);
/** What the build writes; a missing one forces a build whatever the stamp says. */
export const OUTPUTS = [
  'packages/contracts/dist',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
];
const STAMP = 'build/build-inputs.sha256';

function* filesUnder(dir, base) {
  for (const entry of readdirSync(path.join(base, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) yield* filesUnder(relative, base);
    } else if (entry.isFile()) {
      yield relative;
    }
  }
}

/** The hash of every input file's path and content, in a stable order. */
export function inputsHash(base = root, inputs = INPUTS) {
  const hash = createHash('sha256');
  const files = [];
  for (const input of inputs) {
    const full = path.join(base, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) files.push(...filesUnder(input, base));
    else files.push(input);
  }
  for (const file of files.sort()) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the last build is still the build of these inputs. */
export function upToDate(base, current) {
  const stamp = path.join(base, STAMP);
  if (!OUTPUTS.every((output) => existsSync(path.join(base, output)))) return false;
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === current;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const current = inputsHash();
  if (upToDate(root, current)) {
    console.log('Compilación al día: no se recompila.');
  } else {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    mkdirSync(path.join(root, 'build'), { recursive: true });
    writeFileSync(path.join(root, STAMP), `${current}\n`);
  }
}
