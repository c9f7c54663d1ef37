import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// lib/ and storage/ sit below the HTTP layer: services and the CLI use them without Fastify's
// plugins, so they must not reach up into plugins/ (issue 16, point 3).
describe('capas del servidor', () => {
  it.each(['lib', 'storage'])('%s/ no importa de plugins/', (folder) => {
    const dir = new URL(`../${folder}/`, import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(0);
    const upward = files.flatMap((name) =>
      [...readFileSync(new URL(name, dir), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1] ?? '')
        .filter((path) => /\/plugins\//.test(path))
        .map((path) => `${name}: ${path}`),
    );
    expect(upward).toEqual([]);
  });
});
