import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../../../eslint.boundaries.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

// Only the layer rule, so the snippets need no type information (they are not on disk).
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...boundaries],
});

/** The boundaries messages for `code` as if it were the file at `filePath` (from the root). */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// Each import names a real file, so the resolver finds it and the rule judges it.
describe('capas: la lint rechaza una importación hacia arriba o entre features', () => {
  it.each([
    ['apps/server/src/lib/x.ts', "import { sessionOf } from '../plugins/session.js';"],
    ['apps/server/src/lib/x.ts', "import { storeContent } from '../modules/archivos/service.js';"],
    ['apps/server/src/storage/x.ts', "import { sessionOf } from '../plugins/session.js';"],
    [
      'apps/server/src/storage/x.ts',
      "import { storeContent } from '../modules/archivos/service.js';",
    ],
    ['apps/server/src/mail/x.ts', "import { buildApp } from '../app.js';"],
    [
      'apps/server/src/plugins/x.ts',
      "import { resumeSession } from '../modules/sesiones/service.js';",
    ],
    ['apps/server/src/plugins/x.ts', "import cargasRoutes from '../modules/cargas/routes.js';"],
    ['apps/server/src/db/x.ts', "import { hashPassword } from '../modules/auth/password.js';"],
    ['apps/server/src/modules/cargas/x.ts', "import authRoutes from '../auth/routes.js';"],
    ['apps/server/src/jobs/x.ts', "import cargasRoutes from '../modules/cargas/routes.js';"],
    ['apps/server/src/modules/cargas/x.ts', "import { buildTestApp } from '../../test/app.js';"],
    [
      'apps/web/src/features/cargas/x.ts',
      "import { Foo } from '../transportes/api/get-transporte';",
    ],
    ['apps/web/src/lib/x.ts', "import { router } from '../app/router';"],
    ['apps/web/src/components/x.ts', "import { x } from '../features/cargas/api/crear-oferta';"],
  ])('%s: %s', async (filePath, code) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^boundaries\/dependencies: /);
  });

  // The same rule lets the layers' normal imports through (and so its failures above are real).
  it.each([
    ['apps/server/src/storage/x.ts', "import { HttpError } from '../lib/http-error.js';"],
    ['apps/server/src/plugins/x.ts', "import { contentKey } from '../storage/file-storage.js';"],
    [
      'apps/server/src/modules/cargas/x.ts',
      "import { sessionOf } from '../../plugins/session.js';",
    ],
    [
      'apps/server/src/modules/cargas/x.ts',
      "import { storeContent } from '../archivos/service.js';",
    ],
    ['apps/server/src/modules/cargas/x.ts', "import cargasRoutes from './routes.js';"],
    ['apps/server/src/x.ts', "import cargasRoutes from './modules/cargas/routes.js';"],
    [
      'apps/server/src/modules/cargas/x.test.ts',
      "import { buildTestApp } from '../../test/app.js';",
    ],
    [
      'apps/web/src/features/cargas/x.ts',
      "import { DataTable } from '../../components/data-table/data-table';",
    ],
    ['apps/web/src/app/x.ts', "import { x } from '../features/cargas/api/crear-oferta';"],
  ])('%s: %s se permite', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });

  // Shared pieces of two route files go to a small module (auth/cookies.ts), so route files
  // form no import circle (issue 16, point 3).
  it('ningún fichero de rutas importa otro del mismo módulo', () => {
    const modules = fileURLToPath(new URL('./modules/', import.meta.url));
    const offenders = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)[^/]*routes\.ts$/.test(file))
      .filter((file) =>
        /from '\.\/[^/']*routes\.js'/.test(readFileSync(path.join(modules, file), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
