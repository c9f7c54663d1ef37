import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, resolveSqliteFile } from '../db/connection.js';
import { authenticateApiKey } from '../modules/api-keys/service.js';
import { cliTestApp } from '../test/cli.js';
import { testDatabases } from '../test/databases.js';

const KEY = /^ext_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

describe.each(testDatabases())('CLI api-key ($name)', ({ open }) => {
  const ctx = cliTestApp(open);
  const { out, err, cli } = ctx;

  it('crea una clave, la escribe una vez, la lista sin secreto y la revoca', async () => {
    expect(
      await cli(
        'api-key',
        'create',
        '--nombre',
        'ERP central',
        '--scopes',
        'portes:write,clientes:write',
      ),
    ).toBe(0);
    const key = out.at(-1)!;
    expect(key).toMatch(KEY);
    expect(err.at(-1)).toContain('no se volverá a mostrar');
    const principal = await authenticateApiKey(ctx.app.db, key);
    expect(principal).toMatchObject({
      nombre: 'ERP central',
      scopes: ['portes:write', 'clientes:write'],
    });

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/integration/v1/clientes',
      headers: { authorization: `Bearer ${key}` },
      payload: {
        items: [{ erp_id: 'CLI-1', region: 'es', razon_social: 'CLI S.L.', localidad: 'Huesca' }],
      },
    });
    expect(res.statusCode).toBe(200);

    out.length = 0;
    expect(await cli('api-key', 'list')).toBe(0);
    const listed = out.join('\n');
    expect(listed).toContain('ERP central');
    expect(listed).toContain('vigente');
    expect(listed).not.toContain(key.slice(13));
    expect(listed).not.toContain('último uso: nunca');

    const id = String(principal!.id);
    expect(await cli('api-key', 'revoke', '--id', id)).toBe(0);
    expect(await authenticateApiKey(ctx.app.db, key)).toBeNull();
    expect(await cli('api-key', 'revoke', '--id', id)).toBe(1);
    expect(err.at(-1)).toBe(`No hay ninguna clave vigente con id ${id}.`);
    out.length = 0;
    await cli('api-key', 'list');
    expect(out.join('\n')).toContain('revocada');
  });

  it('errores de uso en español con código 2; --help con 0', async () => {
    expect(await cli('api-key', 'create', '--scopes', 'portes:write')).toBe(2);
    expect(err.at(-1)).toMatch(/^Falta --nombre\./);
    expect(await cli('api-key', 'create', '--nombre', 'X', '--scopes', 'portes:write,todo')).toBe(
      2,
    );
    expect(err.at(-1)).toMatch(/^Permiso desconocido: todo\./);
    expect(await cli('api-key', 'create', '--nombre', 'X')).toBe(2);
    expect(await cli('api-key', 'revoke', '--id', 'abc')).toBe(2);
    expect(err.at(-1)).toMatch(/^--id debe ser un entero positivo\./);
    expect(await cli('api-key')).toBe(2);
    expect(await cli('api-key', 'borrar')).toBe(2);
    expect(await cli('api-key', 'list', '--otro')).toBe(2);
    expect(await cli('api-key', '--help')).toBe(0);
    expect(out.at(-1)).toContain('api-key create --nombre');
  });
});

describe('CLI api-key como la usa un operador (proceso aparte, SQLite)', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-cli-'));
  const run = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        tsx,
        ['--conditions=source', 'src/cli.ts', ...args],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('create escribe la clave en stdout, list y revoke, errores con código distinto de 0', async () => {
    const created = await run('api-key', 'create', '--nombre', 'ERP', '--scopes', 'portes:write');
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(KEY);
    const db = openDatabase({ sqliteFile: resolveSqliteFile(dataDir) });
    try {
      expect(await authenticateApiKey(db.db, key)).toMatchObject({ scopes: ['portes:write'] });
    } finally {
      await db.close();
    }
    const listed = await run('api-key', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^1\text_[0-9a-f]{8}_…\tERP\tportes:write\t/);
    expect((await run('api-key', 'revoke', '--id', '1')).code).toBe(0);
    const again = await run('api-key', 'revoke', '--id', '1');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('No hay ninguna clave vigente con id 1.');
    const bad = await run('api-key', 'create', '--nombre', 'X', '--scopes', 'nada');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Permiso desconocido: nada.');
  }, 60_000);
});
