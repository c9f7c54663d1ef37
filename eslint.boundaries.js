import { fileURLToPath } from 'node:url';
import boundaries from 'eslint-plugin-boundaries';

/*
 * The layers of the server and the web (docs/architecture.md, STYLE.md rules 2, 3 and 7), kept by
 * eslint-plugin-boundaries: each file is an element of one type, and an import is allowed only
 * when a policy below allows it. Lower layers never import higher ones; a server module never
 * imports another module's routes; a web feature never imports another feature.
 */

// Absolute, so the rule reads the same wherever ESLint runs from (the layers test runs it).
const root = fileURLToPath(new URL('.', import.meta.url));
const server = 'apps/server/src';
const web = 'apps/web/src';

/** Most specific first: the first descriptor that matches a file classifies it. */
const elements = [
  { type: 'server-test', pattern: `${server}/test` },
  { type: 'server-migrations', pattern: `${server}/db/migrations` },
  { type: 'server-seed', pattern: `${server}/db/seed` },
  { type: 'server-db', pattern: `${server}/db` },
  { type: 'server-lib', pattern: `${server}/lib` },
  { type: 'server-infra', pattern: `${server}/(storage|mail|push|pdf)`, capture: ['infra'] },
  { type: 'server-plugins', pattern: `${server}/plugins` },
  { type: 'server-module', pattern: `${server}/modules/*`, capture: ['module'] },
  { type: 'server-jobs', pattern: `${server}/(jobs|outbox)` },
  { type: 'server-cli', pattern: `${server}/cli` },
  { type: 'web-test', pattern: `${web}/test` },
  { type: 'web-app', pattern: `${web}/app` },
  { type: 'web-feature', pattern: `${web}/features/*`, capture: ['feature'] },
  { type: 'web-components', pattern: `${web}/components` },
  { type: 'web-lib', pattern: `${web}/lib` },
  { type: 'web-i18n', pattern: `${web}/i18n` },
];

const files = [
  { category: 'test', pattern: '**/*.test.{ts,tsx}' },
  { category: 'routes', pattern: '**/{routes,*-routes}.ts' },
  // The files at the roots of src compose the rest (app.ts, server.ts, cli.ts, main.tsx); the
  // configuration sits there too, but every layer reads it.
  { category: 'config', pattern: `${server}/config.ts` },
  { category: 'root', pattern: [`${server}/*.ts`, `${web}/*.tsx`] },
];

/** Allows the given element types, and the configuration. */
const to = (...types) => ({
  to: [{ element: { types: { anyOf: types } } }, { file: { categories: 'config' } }],
});

/** What each layer may import, besides its own element, packages and the contracts. */
const policies = [
  // Inside one element (a module, a feature, lib…) anything goes.
  { allow: { dependency: { relationship: { to: 'internal' } } } },

  // Server, bottom up.
  { from: { element: { type: 'server-db' } }, allow: to('server-lib', 'server-migrations') },
  {
    from: { element: { type: 'server-infra' } },
    allow: to('server-lib', 'server-db', 'server-infra'),
  },
  {
    from: { element: { type: 'server-plugins' } },
    allow: to('server-lib', 'server-db', 'server-infra', 'server-plugins'),
  },
  {
    from: { element: { types: { anyOf: ['server-module', 'server-jobs', 'server-seed'] } } },
    allow: to('server-lib', 'server-db', 'server-infra', 'server-plugins', 'server-jobs'),
  },
  // A module, job or seed may use a module's services and repositories…
  {
    from: { element: { types: { anyOf: ['server-module', 'server-jobs', 'server-seed'] } } },
    allow: to('server-module'),
  },
  {
    from: { element: { type: 'server-cli' } },
    allow: to(
      'server-lib',
      'server-db',
      'server-seed',
      'server-infra',
      'server-module',
      'server-jobs',
      'server-cli',
    ),
  },
  { from: { file: { categories: 'root' } }, allow: { to: { file: { path: `${server}/**` } } } },

  // Web: the app composes features; features use shared components, lib and i18n.
  { from: { element: { type: 'web-i18n' } }, allow: to('web-lib') },
  { from: { element: { type: 'web-lib' } }, allow: to('web-i18n') },
  { from: { element: { type: 'web-components' } }, allow: to('web-lib', 'web-i18n') },
  {
    from: { element: { type: 'web-feature' } },
    allow: to('web-components', 'web-lib', 'web-i18n'),
  },
  { from: { element: { type: 'web-app' } }, allow: to('web-*') },
  { from: { file: { categories: 'root' } }, allow: { to: { file: { path: `${web}/**` } } } },

  // The policies below come last, so they win over the allowances above.
  // …never another module's routes, which only speak HTTP: what two modules share goes down.
  {
    from: { element: { types: { anyOf: ['server-*'], noneOf: ['server-test'] } } },
    disallow: { to: { element: { type: 'server-module' }, file: { categories: 'routes' } } },
  },
  { allow: { dependency: { relationship: { to: 'internal' } } } },
  // Tests (beside the code or under test/) may reach anything…
  { from: { file: { categories: 'test' } }, allow: { to: { file: { path: '**' } } } },
  {
    from: { element: { types: ['server-test', 'web-test'] } },
    allow: { to: { file: { path: '**' } } },
  },
  // …and code that ships never imports them.
  {
    from: {
      file: { categories: { noneOf: ['test'] } },
      element: { types: { noneOf: ['*-test'] } },
    },
    disallow: { to: [{ file: { categories: 'test' } }, { element: { types: '*-test' } }] },
  },
];

export default [
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: {
          project: [`${root}apps/server/tsconfig.json`, `${root}apps/web/tsconfig.json`],
          noWarnOnMultipleProjects: true,
        },
      },
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
    },
  },
];
