import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `file: import` for each import of the non-test sources under `folder` that `matches`. */
function importsUnder(folder: string, matches: (file: string, path: string) => boolean) {
  const dir = new URL(`./${folder}/`, import.meta.url);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
  );
  expect(files.length).toBeGreaterThan(0);
  return files.flatMap((name) =>
    [...readFileSync(new URL(name, dir), 'utf8').matchAll(/from '([^']+)'/g)]
      .map((match) => match[1] ?? '')
      .filter((path) => matches(name, path))
      .map((path) => `${name}: ${path}`),
  );
}

describe('capas del servidor', () => {
  // lib/ and storage/ sit below the HTTP layer: services and the CLI use them without Fastify's
  // plugins, so they must not reach up into plugins/ (issue 16, point 3).
  it.each(['lib', 'storage'])('%s/ no importa de plugins/', (folder) => {
    expect(importsUnder(folder, (_file, path) => /\/plugins\//.test(path))).toEqual([]);
  });

  // HTTP helpers shared by modules (who acts, guards) live in plugins/, not in one module's
  // routes (issue 16, point 2): no module imports another module's routes.ts.
  it('ningún módulo importa las rutas de otro', () => {
    expect(
      importsUnder('modules', (_file, path) => /^(\.\.\/)+[^.].*routes\.js$/.test(path)),
    ).toEqual([]);
  });

  // Shared pieces of two route files go to a small module (auth/cookies.ts), so route files
  // form no import circle (issue 16, point 3).
  it('ningún fichero de rutas importa otro del mismo módulo', () => {
    expect(importsUnder('modules', (_file, path) => /^\.\/[^/]*routes\.js$/.test(path))).toEqual(
      [],
    );
  });
});
