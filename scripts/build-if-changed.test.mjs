import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { inputsHash, OUTPUTS, upToDate } from './build-if-changed.mjs';

function tree() {
  const base = mkdtempSync(path.join(tmpdir(), 'build-stamp-'));
  mkdirSync(path.join(base, 'apps/web/src'), { recursive: true });
  mkdirSync(path.join(base, 'apps/web/node_modules/x'), { recursive: true });
  writeFileSync(path.join(base, 'package.json'), '{}');
  writeFileSync(path.join(base, 'apps/web/src/a.ts'), 'export const a = 1;');
  writeFileSync(path.join(base, 'apps/web/node_modules/x/index.js'), 'x');
  return base;
}

test('el sello cambia con el contenido o el nombre de una fuente, no con dependencias ni salidas', () => {
  const base = tree();
  try {
    const first = inputsHash(base);
    assert.equal(inputsHash(base), first);
    writeFileSync(path.join(base, 'apps/web/node_modules/x/index.js'), 'y');
    mkdirSync(path.join(base, 'apps/web/dist'), { recursive: true });
    writeFileSync(path.join(base, 'apps/web/dist/index.html'), '<html>');
    assert.equal(inputsHash(base), first);
    writeFileSync(path.join(base, 'apps/web/src/a.ts'), 'export const a = 2;');
    const second = inputsHash(base);
    assert.notEqual(second, first);
    writeFileSync(path.join(base, 'apps/web/src/b.ts'), '');
    assert.notEqual(inputsHash(base), second);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test('sin todas las salidas, o con otro sello, hay que compilar', () => {
  const base = tree();
  try {
    const current = inputsHash(base);
    mkdirSync(path.join(base, 'build'));
    writeFileSync(path.join(base, 'build/build-inputs.sha256'), `${current}\n`);
    assert.equal(upToDate(base, current), false, 'faltan las salidas');
    for (const output of OUTPUTS) {
      mkdirSync(path.dirname(path.join(base, output)), { recursive: true });
      writeFileSync(path.join(base, output), '');
    }
    assert.equal(upToDate(base, current), true);
    assert.equal(upToDate(base, 'otro'), false);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
