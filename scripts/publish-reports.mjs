// Copies the reports the test suites wrote to build/reports/ into the committed docs, on purpose
// (`npm run reports:publish`). A test run never writes docs/ itself: a partial run (one file, or
// without PostgreSQL) would silently replace the published results with fewer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const AREA = /<!-- area:(.+?) -->[\s\S]*?<!-- \/area:\1 -->/g;

/** The `<!-- area:NAME -->…<!-- /area:NAME -->` sections of a security report, by name. */
export function areasOf(text) {
  return new Map([...text.matchAll(AREA)].map((m) => [m[1], m[0]]));
}

/**
 * docs/security.md updated from a fresh report: the report's header (intro, last run, decisions)
 * and its areas replace those of the docs; areas the run did not cover are kept. An area that
 * passed on PostgreSQL in the docs but not in the report is kept as it was and named in
 * `refused`, so a run without TEST_DATABASE_URL cannot drop the PostgreSQL results.
 */
export function mergeSecurity(docs, report) {
  const published = areasOf(docs);
  const fresh = areasOf(report);
  const refused = [];
  for (const [name, section] of fresh) {
    const before = published.get(name);
    if (before && before.includes('postgres') && !section.includes('postgres')) {
      refused.push(name);
      continue;
    }
    published.set(name, section);
  }
  const firstArea = report.search(/<!-- area:/);
  let header = (firstArea === -1 ? report : report.slice(0, firstArea)).trimEnd();
  // The scale-out figures published in the header are another suite's: they stay.
  const kept = sectionOf(docs, 'scale-out-report');
  if (kept && sectionOf(header, 'scale-out-report') !== undefined) {
    header = replaceSection(header, 'scale-out-report', kept);
  }
  const body = [...published.keys()]
    .sort()
    .map((name) => published.get(name))
    .join('\n\n');
  return { text: `${header}\n\n${body}\n`, refused };
}

/** What lies between `<!-- NAME:begin -->` and `<!-- NAME:end -->`, undefined without them. */
export function sectionOf(text, name) {
  const begin = `<!-- ${name}:begin -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(`<!-- ${name}:end -->`);
  return from === -1 || to < from ? undefined : text.slice(from + begin.length, to).trim();
}

/**
 * `text` with what lies between `<!-- NAME:begin -->` and `<!-- NAME:end -->` replaced by
 * `content`; throws when the markers are missing, so a renamed section is noticed.
 */
export function replaceSection(text, name, content) {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to === -1 || to < from) {
    throw new Error(`Faltan las marcas ${begin} … ${end}`);
  }
  return `${text.slice(0, from + begin.length)}\n\n${content.trim()}\n\n${text.slice(to)}`;
}

async function writeFormatted(file, text) {
  const options = await resolveConfig(file);
  writeFileSync(file, await format(text, { ...options, parser: 'markdown' }));
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const reports = path.join(root, 'build/reports');
  let published = 0;

  const securityReport = path.join(reports, 'security.md');
  if (existsSync(securityReport)) {
    const docsFile = path.join(root, 'docs/security.md');
    const { text, refused } = mergeSecurity(
      readFileSync(docsFile, 'utf8'),
      readFileSync(securityReport, 'utf8'),
    );
    await writeFormatted(docsFile, text);
    published += 1;
    console.log(`docs/security.md actualizado desde ${path.relative(root, securityReport)}`);
    for (const name of refused) {
      console.warn(
        `  «${name}» no se publica: el informe no trae PostgreSQL (defina TEST_DATABASE_URL).`,
      );
    }
  }

  const scaleOutReport = path.join(reports, 'scale-out.md');
  if (existsSync(scaleOutReport)) {
    // The figures go to operations (what is guaranteed) and to security (shared state).
    for (const docs of ['docs/operations.md', 'docs/security.md']) {
      const docsFile = path.join(root, docs);
      const text = replaceSection(
        readFileSync(docsFile, 'utf8'),
        'scale-out-report',
        readFileSync(scaleOutReport, 'utf8'),
      );
      await writeFormatted(docsFile, text);
      console.log(`${docs} actualizado desde ${path.relative(root, scaleOutReport)}`);
    }
    published += 1;
  }

  if (published === 0) {
    console.error('No hay informes en build/reports/: ejecute antes las pruebas.');
    process.exitCode = 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
}
