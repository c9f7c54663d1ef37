#!/usr/bin/env node
// Lists, for each portal language, the keys of es.json its file lacks and the keys it has that
// es.json no longer does (issue 20 point 7). For the merge of branches that added Spanish and
// English texts: translate what it prints into fr/it/ro/tr. Plural keys count by their base
// (`rows_one` / `rows_other` → `rows`), as each language has its own plural forms.
//   node scripts/i18n-missing.mjs [--json]        exit code 1 when anything is missing
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/i18n');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text as `a.b.c` → value. */
function flatten(texts, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

const read = (file) => flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
const spanish = read('es.json');
const bases = (texts) => new Set([...texts.keys()].map((key) => key.replace(PLURAL, '')));
const spanishBases = bases(spanish);

const report = {};
for (const file of readdirSync(dir).filter((f) => /^[a-z]{2}\.json$/.test(f) && f !== 'es.json')) {
  const language = file.slice(0, 2);
  const own = bases(read(file));
  report[language] = {
    missing: [...spanishBases].filter((key) => !own.has(key)).sort(),
    stale: [...own].filter((key) => !spanishBases.has(key)).sort(),
  };
}

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 2));
} else {
  for (const [language, { missing, stale }] of Object.entries(report)) {
    console.log(`${language}.json: ${missing.length} sin traducir, ${stale.length} sobrantes`);
    for (const key of missing)
      console.log(
        `  falta    ${key}  (es: ${JSON.stringify(spanish.get(key) ?? spanish.get(`${key}_other`))})`,
      );
    for (const key of stale) console.log(`  sobra    ${key}`);
  }
}
process.exit(Object.values(report).some((r) => r.missing.length > 0) ? 1 : 0);
