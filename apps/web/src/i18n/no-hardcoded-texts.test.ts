import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The app's components: every .tsx under src/ but tests and test helpers. */
function components(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : components(full);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : [];
  });
}

// Text between a JSX tag and the next one, without code punctuation (so generics such as
// `useState<Foo>(null); … <Bar` are not taken for text), and words in literal text props.
const JSX_TEXT =
  /<\/?[A-Za-z][\w.]*(?:\s[^<>]*?)?>([^<>{}();:=]*[A-Za-zÁÉÍÓÚÑáéíóúñ¿¡]{2,}[^<>{}();:=]*)<\/?[A-Za-z]/g;
const TEXT_PROP =
  /\s(?:label|title|placeholder|aria-label|description|message|alt)="([^"]*[A-Za-zÁÉÍÓÚÑáéíóúñ]{2,}[^"]*)"/g;

/** Hard-coded texts that read the same in every language: the spec's not-found page. */
const ALLOWED = new Set(['NOT FOUND']);

describe('no hard-coded UI text outside the translation files (issue 14)', () => {
  it('every word a component shows comes from es.json / en.json', () => {
    const found: string[] = [];
    for (const file of components()) {
      const source = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const pattern of [JSX_TEXT, TEXT_PROP]) {
        for (const match of source.matchAll(pattern)) {
          const text = (match[1] ?? '').trim();
          if (!ALLOWED.has(text)) found.push(`${path.relative(SRC, file)}: ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
