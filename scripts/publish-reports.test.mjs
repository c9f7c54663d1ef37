import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeSecurity, replaceSection } from './publish-reports.mjs';

const area = (name, result) =>
  [
    `<!-- area:${name} -->`,
    `## ${name}`,
    '',
    `| x | y | ${result} |`,
    `<!-- /area:${name} -->`,
  ].join('\n');

const docs = [
  '# Security checks',
  '',
  'Last run: old.',
  '',
  area('A', 'passed (sqlite, postgres)'),
  '',
  area('B', 'passed (sqlite, postgres)'),
  '',
].join('\n');

test('un informe nuevo sustituye la cabecera y sus áreas, y conserva las demás', () => {
  const report = [
    '# Security checks',
    '',
    'Last run: new.',
    '',
    area('B', 'passed (sqlite, postgres) NEW'),
    '',
  ].join('\n');
  const { text, refused } = mergeSecurity(docs, report);
  assert.deepEqual(refused, []);
  assert.match(text, /Last run: new\./);
  assert.doesNotMatch(text, /Last run: old\./);
  assert.match(text, /area:A -->[\s\S]*passed \(sqlite, postgres\) \|/);
  assert.match(text, /passed \(sqlite, postgres\) NEW/);
});

test('un área sin PostgreSQL no sustituye a una publicada con PostgreSQL', () => {
  const report = [
    '# Security checks',
    '',
    'Last run: new.',
    '',
    area('A', 'passed (sqlite)'),
    '',
  ].join('\n');
  const { text, refused } = mergeSecurity(docs, report);
  assert.deepEqual(refused, ['A']);
  assert.match(text, /area:A -->[\s\S]*passed \(sqlite, postgres\)/);
  assert.doesNotMatch(text, /passed \(sqlite\) \|/);
});

test('replaceSection cambia solo lo que hay entre las marcas', () => {
  const text = 'antes\n<!-- r:begin -->\nviejo\n<!-- r:end -->\ndespués\n';
  assert.equal(
    replaceSection(text, 'r', 'nuevo\n'),
    'antes\n<!-- r:begin -->\n\nnuevo\n\n<!-- r:end -->\ndespués\n',
  );
  assert.throws(() => replaceSection('sin marcas', 'r', 'x'), /Faltan las marcas/);
});

test('las cifras de escalado publicadas en docs/security.md se conservan al publicar seguridad', () => {
  const marks = (inner) =>
    `<!-- scale-out-report:begin -->\n${inner}\n<!-- scale-out-report:end -->`;
  const before = `# Security checks\n\n${marks('| Requests | 500 |')}\n\n${area('A', 'passed (sqlite, postgres)')}\n`;
  const report = `# Security checks\n\nLast run: new.\n\n${marks('')}\n\n${area('A', 'passed (sqlite, postgres)')}\n`;
  const { text } = mergeSecurity(before, report);
  assert.match(text, /Last run: new\./);
  assert.match(
    text,
    /scale-out-report:begin -->\s*\| Requests \| 500 \|\s*<!-- scale-out-report:end/,
  );
});
