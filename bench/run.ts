/**
 * `npm run bench`: the speed figures of the product, written to bench/results.md.
 *
 * Suites (BENCH_SUITES, all by default):
 * - `list`: `GET admin/books` at catalogue scale on PGlite and PostgreSQL (bench/list.ts);
 * - `editor`: the reading-sheet editor in Chromium, opening and keystroke to next paint (bench/editor.ts);
 * - `users`: `GET admin/users` at 100,000 subscribers on PGlite and PostgreSQL (bench/users.ts);
 * - `dashboard`: `GET admin/dashboard/data` and the charts' series at 1,000,000 sheet views,
 *   100,000 subscribers and 500,000 connections on PGlite and PostgreSQL (bench/dashboard.ts);
 * - `load`: 50 clients for 60 s against one, then two server instances on PostgreSQL (bench/load.ts);
 * - `history`: the records' history on PostgreSQL: its cost on a full sheet save, the drawer of a
 *   sheet with 1,000 revisions, the activity at 1,000,000 revisions, its size (bench/history.ts);
 * - `lighthouse`: Lighthouse's desktop scores (performance, accessibility, best practices) of the
 *   built client's login, reading-sheet list, editor and dashboard pages (bench/lighthouse.ts);
 * - `start`: the server's start on an existing embedded database, after a crash and after a clean
 *   stop, until its readiness check answers, and where that time goes (bench/serverStart.ts);
 * - `export`: `GET admin/books/export` of the 1,000,000-sheet PostgreSQL catalogue as CSV and XLSX
 *   from the built server, its rate and the server's memory growth (bench/exportList.ts), and the
 *   CSV of 300,000 authors, a declared list (bench/exportAuthors.ts; `export-authors` runs that alone);
 * - `bulk`: `POST admin/books/bulk` changing the status of 10,000 sheets of that catalogue as a job,
 *   read to its end through its progress (bench/bulkSheets.ts);
 * - `definitions`: the check of the reading-sheet definition, and health checks answered during
 *   the worst checks and publishes a definition's bounds allow (bench/definitions.ts);
 * - `permissions`: what the permission check costs a request, in process (bench/permissions.ts).
 *
 * A suite not run keeps its section of the previous results; the hand-written notes between the
 * `notes` markers are kept too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DASHBOARD_ENGINES, dashboardIntro, dashboardSection, measureDashboard, type DashboardEngineResult } from './dashboard.js';
import { editorSection, measureEditor } from './editor.js';
import { exportSection, measureExport } from './exportList.js';
import { authorsExportSection, measureAuthorsExport } from './exportAuthors.js';
import { bulkSection, measureBulk } from './bulkSheets.js';
import { definitionsSection, measureDefinitions } from './definitions.js';
import { CURVE_SIZES, curveSection, LIST_ENGINES, listIntro, listSection, measureList, type EngineResult } from './list.js';
import { loadIntro, loadSection, measureLoad, type LoadResult } from './load.js';
import { historySection, measureHistory } from './history.js';
import { measurePermissions, permissionsSection } from './permissions.js';
import { lighthouseSection, measureLighthouse } from './lighthouse.js';
import { measureStart, startSection, START_TARGET_MS } from './serverStart.js';
import { log } from './stats.js';
import { measureUsers, USERS_ENGINES, usersIntro, usersSection, type UsersEngineResult } from './users.js';

const RESULTS = path.join(import.meta.dirname, 'results.md');
const SUITES = (process.env.BENCH_SUITES ?? 'list,editor,users,dashboard,load,history,lighthouse,start,export,bulk,definitions,permissions')
  .split(',')
  .map((s) => s.trim());
const DASHBOARD_TITLE = '## `GET admin/dashboard/data` and `series` at usage scale';
const LOAD_TITLE = '## Load: one and two instances on PostgreSQL';
const HISTORY_TITLE = "## The records' history on PostgreSQL";
const LIGHTHOUSE_TITLE = '## Lighthouse: the built client in Chromium (desktop)';
const START_TITLE = '## Server start on an existing embedded database';
const EXPORT_TITLE = '## Export: 1,000,000 sheets as CSV and XLSX on PostgreSQL';
const EXPORT_AUTHORS_TITLE = '## Export: 300,000 authors as CSV on PostgreSQL';
const BULK_TITLE = '## Bulk: the status of 10,000 sheets on PostgreSQL';
const DEFINITIONS_TITLE = '## Definitions staff publish: checks, and the server meanwhile';
const PERMISSIONS_TITLE = '## Permissions: what the check costs a request';
const stamp = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function machine(): string[] {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  return [
    `- CPU: ${cpu}, \`nproc\` ${os.availableParallelism()}`,
    `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node.js ${process.version}`,
  ];
}

/** The text between `<!-- name -->` and `<!-- /name -->` in the previous results, markers included. */
function kept(previous: string, name: string): string | undefined {
  return new RegExp(`<!-- ${name} -->[\\s\\S]*<!-- /${name} -->`).exec(previous)?.[0];
}

const marked = (name: string, lines: string[]) => [`<!-- ${name} -->`, ...lines, `<!-- /${name} -->`].join('\n');

/** `task` of each item, one after the other (the machine measures one thing at a time). */
async function sequential<T, R>(items: T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await task(item));
  return results;
}

async function main(): Promise<void> {
  const previous = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '';
  const sections: Record<string, string> = {};

  if (SUITES.includes('list')) {
    const results: EngineResult[] = [];
    for (const engine of LIST_ENGINES) results.push(await measureList(engine));
    // The cost curve: the smaller PostgreSQL catalogues, beside the main one measured above.
    const main = results.find((result) => result.engine === 'postgres');
    const curve = main
      ? [
          ...(await sequential(
            CURVE_SIZES.filter((size) => size !== main.size),
            (size) => measureList('postgres', size),
          )),
          main,
        ]
      : [];
    sections.list = marked('list', [
      '## `GET admin/books` at catalogue scale',
      '',
      `Measured on ${stamp()} with ${listIntro().join('\n')}`,
      '',
      ...results.flatMap(listSection),
      ...(curve.length > 1 ? curveSection(curve) : []),
    ]);
  }
  if (SUITES.includes('users')) {
    const results: UsersEngineResult[] = [];
    for (const engine of USERS_ENGINES) results.push(await measureUsers(engine));
    sections.users = marked('users', [
      '## `GET admin/users` at subscriber scale',
      '',
      `Measured on ${stamp()} with ${usersIntro().join('\n')}`,
      '',
      ...results.flatMap(usersSection),
    ]);
  }
  if (SUITES.includes('dashboard')) {
    const results: DashboardEngineResult[] = [];
    for (const engine of DASHBOARD_ENGINES) results.push(await measureDashboard(engine));
    sections.dashboard = marked('dashboard', [
      DASHBOARD_TITLE,
      '',
      `Measured on ${stamp()} with ${dashboardIntro().join('\n')}`,
      '',
      ...results.flatMap(dashboardSection),
    ]);
  }
  if (SUITES.includes('load')) {
    const results: LoadResult[] = [await measureLoad(1), await measureLoad(2)];
    sections.load = marked('load', [LOAD_TITLE, '', `Measured on ${stamp()} with ${loadIntro().join('\n')}`, '', ...loadSection(results)]);
  }
  if (SUITES.includes('permissions')) {
    const result = await measurePermissions();
    sections.permissions = marked('permissions', [PERMISSIONS_TITLE, '', `Measured on ${stamp()} by bench/permissions.ts.`, '', ...permissionsSection(result)]);
  }
  if (SUITES.includes('history')) {
    const result = await measureHistory();
    sections.history = marked('history', [HISTORY_TITLE, '', `Measured on ${stamp()} by bench/history.ts.`, '', ...historySection(result)]);
  }
  if (SUITES.includes('editor')) {
    const result = await measureEditor();
    sections.editor = marked('editor', [
      '## The reading-sheet editor in Chromium',
      '',
      `Measured on ${stamp()} by bench/editor.ts.`,
      'Targets: the login page ≤ 100 kB of script and the first list after login ≤ 200 kB in all (Brotli); keystroke to next paint p95 ≤ 16 ms in each translatable field measured; opening the editor p95 ≤ 600 ms cold, ≤ 800 ms over the network, ≤ 200 ms warm and in the app.',
      '',
      ...editorSection(result),
    ]);
  }
  if (SUITES.includes('lighthouse')) {
    const result = await measureLighthouse();
    sections.lighthouse = marked('lighthouse', [LIGHTHOUSE_TITLE, '', `Measured on ${stamp()} by bench/lighthouse.ts.`, '', ...lighthouseSection(result)]);
  }
  if (SUITES.includes('start')) {
    const result = await measureStart();
    sections.start = marked('start', [
      START_TITLE,
      '',
      `Measured on ${stamp()} by bench/serverStart.ts. Target: ready within ${START_TARGET_MS / 1000} s of the spawn (p95).`,
      '',
      ...startSection(result),
    ]);
  }
  if (SUITES.includes('export')) {
    const result = await measureExport();
    sections.export = marked('export', [EXPORT_TITLE, '', ...exportSection(result)]);
  }
  if (SUITES.includes('export') || SUITES.includes('export-authors')) {
    const result = await measureAuthorsExport();
    sections['export-authors'] = marked('export-authors', [EXPORT_AUTHORS_TITLE, '', ...authorsExportSection(result)]);
  }
  if (SUITES.includes('bulk')) {
    const result = await measureBulk();
    sections.bulk = marked('bulk', [BULK_TITLE, '', ...bulkSection(result)]);
  }
  if (SUITES.includes('definitions')) {
    const result = await measureDefinitions();
    sections.definitions = marked('definitions', [DEFINITIONS_TITLE, '', ...definitionsSection(result)]);
  }

  const text = [
    '# Benchmarks',
    '',
    "Written by `npm run bench` (bench/run.ts; `BENCH_SUITES=list`, `editor`, `users`, `dashboard`, `load`, `history`, `lighthouse`, `start`, `export` (`export-authors` for its authors alone), `bulk` or `definitions` runs those suites and keeps the others' figures).",
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    sections.list ?? kept(previous, 'list') ?? marked('list', ['## `GET admin/books` at catalogue scale', '', 'Not measured yet.']),
    '',
    sections.editor ?? kept(previous, 'editor') ?? marked('editor', ['## The reading-sheet editor in Chromium', '', 'Not measured yet.']),
    '',
    sections.users ?? kept(previous, 'users') ?? marked('users', ['## `GET admin/users` at subscriber scale', '', 'Not measured yet.']),
    '',
    sections.dashboard ?? kept(previous, 'dashboard') ?? marked('dashboard', [DASHBOARD_TITLE, '', 'Not measured yet.']),
    '',
    sections.load ?? kept(previous, 'load') ?? marked('load', [LOAD_TITLE, '', 'Not measured yet.']),
    '',
    sections.history ?? kept(previous, 'history') ?? marked('history', [HISTORY_TITLE, '', 'Not measured yet.']),
    '',
    sections.lighthouse ?? kept(previous, 'lighthouse') ?? marked('lighthouse', [LIGHTHOUSE_TITLE, '', 'Not measured yet.']),
    '',
    sections.start ?? kept(previous, 'start') ?? marked('start', [START_TITLE, '', 'Not measured yet.']),
    '',
    sections.export ?? kept(previous, 'export') ?? marked('export', [EXPORT_TITLE, '', 'Not measured yet.']),
    '',
    sections['export-authors'] ?? kept(previous, 'export-authors') ?? marked('export-authors', [EXPORT_AUTHORS_TITLE, '', 'Not measured yet.']),
    '',
    sections.bulk ?? kept(previous, 'bulk') ?? marked('bulk', [BULK_TITLE, '', 'Not measured yet.']),
    '',
    sections.definitions ?? kept(previous, 'definitions') ?? marked('definitions', [DEFINITIONS_TITLE, '', 'Not measured yet.']),
    '',
    sections.permissions ?? kept(previous, 'permissions') ?? marked('permissions', [PERMISSIONS_TITLE, '', 'Not measured yet.']),
    '',
    '## Notes',
    '',
    kept(previous, 'notes') ?? '<!-- notes -->\n<!-- /notes -->',
    '',
  ].join('\n');
  fs.writeFileSync(RESULTS, text);
  log(`written ${path.relative(process.cwd(), RESULTS)}`);
}

await main();
