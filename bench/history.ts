/**
 * The history suite of `npm run bench` (docs/record-history.md), on PostgreSQL:
 * - the cost of the history on a full reading-sheet save (the bench's sheet: every translatable map
 *   in five locales, 10 characters, 10 series items; each save changes its French title, so each
 *   writes a revision): the sheet service saving through the app's write path, which keeps the
 *   history, against the same service on a write path that keeps none, alternated save by save on
 *   the same database and sheet;
 * - the drawer of a sheet with 1,000 revisions: `GET admin/history/books/{id}` (its first page of
 *   20), over HTTP; and in Chromium, with the built client: from the click on 'History' in the
 *   sheet's editor (the page loaded afresh each time) to its first entry shown, the drawer's code
 *   and the call included;
 * - the activity at 1,000,000 revisions: `GET admin/history`, unfiltered and filtered, over HTTP;
 *   the revisions beyond the real ones are written by bulk SQL (one-field changes of the declared
 *   resources by ten administrators over two years, as staff make them);
 * - the history's size: bytes per revision, table and indexes.
 *
 * Environment: BENCH_HISTORY_SAVES (60) measured saves per side after 10 warm-up ones,
 * BENCH_HISTORY_REVISIONS (1000000), BENCH_RUNS (100) measured calls per case after BENCH_WARMUP (15).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { normalizeJsonForm } from '../server/http/multipartForm.js';
import { READING_SHEET_SCHEMA } from '../server/sheets/sheetSaveInput.js';
import { loadConfig } from '../server/config.js';
import { rowsOf } from '../server/db/repositories/engine/rowsOf.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { openSession } from '../server/auth/sessions.js';
import { launchBrowser } from '../scripts/harness/browser.js';
import { newContext } from './editor.js';
import { createSheetService } from '../server/compose/appServices.js';
import { servicePartsOf } from '../server/plugins/services.js';
import { createRecordWrites } from '../server/engine/recordWrites.js';
import { openBenchDatabase } from './benchDatabase.js';
import { benchSheetBody } from './benchSheet.js';
import { sessionClient } from './httpVsSql.js';
import { loadLine, log, ms, stats, type Stats } from './stats.js';

const SAVES = Number(process.env.BENCH_HISTORY_SAVES ?? 60);
const SAVE_WARMUP = 10;
const REVISIONS = Number(process.env.BENCH_HISTORY_REVISIONS ?? 1_000_000);
const SHEET_REVISIONS = 1000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const DRAWER_OPENS = 20;

/** The targets. */
const HISTORY_TARGETS = { saveRatio: 1.1, drawerP95: 300, activityP95: 50 } as const;

export interface HistoryResult {
  version: string;
  load: [number, number];
  save: { with: Stats; without: Stats };
  drawer: Stats;
  /** In Chromium, click to first entry shown; absent without a built client. */
  drawerInBrowser?: Stats;
  activity: { name: string; stats: Stats; total: number; exact: boolean }[];
  size: { revisions: number; table: number; indexes: number; oneField: number };
}

const TITLE = 'Bench: the sheet with a history';

/** The activity's cases: unfiltered, and each filter staff use, alone and together. */
const ACTIVITY_CASES = [
  { name: 'no filter (page 1)', qs: 'perPage=20' },
  { name: 'resource: genres', qs: 'resource=genres&perPage=20' },
  { name: 'administrator', qs: 'administrator=3&perPage=20' },
  { name: 'one month', qs: 'from=2026-03-01&to=2026-03-31&perPage=20' },
  { name: 'resource + administrator + month', qs: 'resource=contacts&administrator=5&from=2026-03-01&to=2026-03-31&perPage=20' },
  { name: 'page 50', qs: 'perPage=20&page=50' },
];

/** Times `runs` calls of `call` after `warmup` unmeasured ones. */
async function timed(call: () => Promise<unknown>, runs: number, warmup: number): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

export async function measureHistory(): Promise<HistoryResult> {
  const { database, drop } = await openBenchDatabase('postgres', { name: 'bench-history', keep: false });
  try {
    const { db } = database;
    await database.migrate();
    log('history: seeding the demo catalogue ...');
    await seedDatabase(db, { demo: true });
    const version = rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`))[0]!.v;
    const clientDir = path.resolve('dist/client');
    const built = fs.existsSync(path.join(clientDir, 'index.html'));
    const app = await buildApp({ config: loadConfig({ DATA_DIR: os.tmpdir(), CLIENT_DIR: built ? clientDir : 'no-client', DEMO_DATA: 'false' }), database });
    await app.ready();
    const load0 = os.loadavg()[0]!;

    // The same sheet service on two write paths: the app's (history kept) and a bare one (none).
    const parts = servicePartsOf(app, app.services.screens);
    const withHistory = createSheetService(parts);
    const without = createSheetService({ ...parts, writes: createRecordWrites(db) });
    // As the route hands it over: a JSON body normalised by the form's schema.
    const body = normalizeJsonForm(await benchSheetBody(db, TITLE), READING_SHEET_SCHEMA) as Record<string, unknown>;
    const created = await withHistory.save(undefined, body);
    const id = created.data.id;
    let n = 0;
    const save = async (target: typeof withHistory) => {
      const sheet = await target.get(String(id));
      n += 1;
      const start = performance.now();
      // As the editor sends it: the kept characters and series items with their ids.
      const input = {
        ...body,
        characters: sheet.characters,
        seriesList: sheet.seriesList,
        titles: { ...(body.titles as object), fr: `Titre ${n}` },
        version: sheet.version,
      };
      await target.save(String(id), input);
      return performance.now() - start;
    };
    log(`history: ${SAVES} full sheet saves with and without the history, alternated ...`);
    for (let i = 0; i < SAVE_WARMUP; i++) await save(i % 2 ? withHistory : without);
    const samples = { with: [] as number[], without: [] as number[] };
    for (let i = 0; i < SAVES; i++) {
      // Alternate which side goes first, so that neither always follows the other.
      const order = i % 2 ? ([withHistory, without] as const) : ([without, withHistory] as const);
      for (const target of order) samples[target === withHistory ? 'with' : 'without'].push(await save(target));
    }

    log(`history: the sheet up to ${SHEET_REVISIONS} revisions ...`);
    const sheetRevisions = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from record_revisions where resource = 'books' and record_id = ${id}`))[0]!.n;
    for (let missing = SHEET_REVISIONS - (await sheetRevisions()); missing > 0; missing--) await save(withHistory);
    const get = await sessionClient(app, db, 'history');
    const drawer = await timed(() => get('perPage=20', `books/${id}`), RUNS, WARMUP);
    const drawerInBrowser = built ? await openDrawers(app, id) : undefined;

    log(`history: the activity up to ${REVISIONS.toLocaleString('en')} revisions ...`);
    const real = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from record_revisions`))[0]!.n;
    await db.execute(sql`
      insert into record_revisions (resource, record_id, version, action, administrator_id, at, label, changes, screen_version)
      select r.resource, 1 + (hashint4(g) & 2047), 1 + g % 7, 'update', 1 + (hashint4(g * 7) & 15) % 10,
             timestamptz '2025-06-01' + (g::float8 / ${REVISIONS}) * interval '540 days',
             'Record ' || g, jsonb_build_object('name', jsonb_build_object('from', 'Before ' || g, 'to', 'After ' || g)), 0
      from generate_series(1, ${Math.max(0, REVISIONS - real)}) g
      cross join lateral (select (array['genres','contacts','companies','authors','users','demands','reporters','news','books','times'])[1 + (hashint4(g * 3) & 1023) % 10] as resource) r`);
    // What autovacuum does after such a growth: statistics, and the visibility map that lets the bounded count read the index alone.
    await db.execute(sql`vacuum analyze record_revisions`);
    const activity: HistoryResult['activity'] = [];
    for (const item of ACTIVITY_CASES) {
      const answer = JSON.parse(await get(item.qs)) as { meta: { total: number; total_exact: boolean } };
      activity.push({ name: item.name, stats: await timed(() => get(item.qs), RUNS, WARMUP), total: answer.meta.total, exact: answer.meta.total_exact });
    }

    const [size] = rowsOf<{ revisions: number; table: number; indexes: number }>(
      await db.execute(
        sql`select (select count(*) from record_revisions)::int as revisions, pg_table_size('record_revisions')::float8 as table, pg_indexes_size('record_revisions')::float8 as indexes`,
      ),
    );
    const [oneField] = rowsOf<{ bytes: number }>(
      await db.execute(sql`select avg(pg_column_size(r.*))::float8 as bytes from (select * from record_revisions where resource = 'genres' limit 1000) r`),
    );
    const load1 = os.loadavg()[0]!;
    await app.close();
    return {
      version,
      load: [load0, load1],
      save: { with: stats(samples.with), without: stats(samples.without) },
      drawer,
      ...(drawerInBrowser ? { drawerInBrowser } : {}),
      activity,
      size: { revisions: size!.revisions, table: size!.table, indexes: size!.indexes, oneField: oneField!.bytes },
    };
  } finally {
    await database.close();
    await drop();
  }
}

/** The sheet's editor in Chromium, loaded afresh each time: from the click on 'History' to the drawer's first entry. */
async function openDrawers(app: FastifyInstance, id: number): Promise<Stats> {
  const address = app.server.address();
  const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const administrator = await insertAdministrator(app.db, {
    firstname: 'Bench',
    lastname: 'Drawer',
    email: `drawer-${Date.now()}@bench.test`,
    passwordHash: 'not-a-hash',
  });
  const { token } = await openSession(app.db, administrator.id, 1, { ip: '127.0.0.1', userAgent: 'bench' });
  const browser = await launchBrowser();
  try {
    const page = await (await newContext(browser, base, token)).newPage();
    const samples: number[] = [];
    for (let i = 0; i < DRAWER_OPENS + 2; i++) {
      await page.goto(`${base}/reading-sheet/${id}`);
      // The editor showing the sheet first: a click while the page still renders it would time the page's load.
      const title = page.locator('#root_original_title');
      await title.waitFor();
      while ((await title.inputValue()) !== TITLE) await page.waitForTimeout(20);
      await page.waitForTimeout(500);
      // Timed in the page, from the click's own time stamp to the first frame after the entries are in:
      // a role locator would add the time the test driver takes to name every button of this large page.
      await page.evaluate(() => {
        const probe = window as unknown as { drawerTimes: { click?: number; shown?: number } };
        probe.drawerTimes = {};
        document.addEventListener('click', (event) => void (probe.drawerTimes.click = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!document.querySelector('.history-entries > *')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => void (probe.drawerTimes.shown = performance.now())));
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await page.locator('button[aria-haspopup="dialog"]').filter({ hasText: 'History' }).click();
      await page.locator('.history-entries > *').first().waitFor();
      let times: { click?: number; shown?: number } = {};
      while (times.shown === undefined)
        times = await page.evaluate(() => (window as unknown as { drawerTimes: { click?: number; shown?: number } }).drawerTimes);
      // The first two open a cold page: the drawer's code then comes from the network cache like any later page's.
      if (i >= 2) samples.push(times.shown - times.click!);
    }
    return stats(samples);
  } finally {
    await browser.close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

export function historySection(result: HistoryResult): string[] {
  const ratio = result.save.with.median / result.save.without.median;
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const worstActivity = Math.max(...result.activity.map((item) => item.stats.p95));
  return [
    `PostgreSQL ${result.version}. ${loadLine(result.load)}`,
    '',
    `Targets: the history adds ≤ 10 % to a full sheet save (median); the drawer of a sheet with ${SHEET_REVISIONS.toLocaleString('en')} revisions ≤ ${HISTORY_TARGETS.drawerP95} ms p95; the activity at 1,000,000 revisions ≤ ${HISTORY_TARGETS.activityP95} ms p95.`,
    '',
    '| Full reading-sheet save (bench sheet, in process) | median ms | p95 ms |',
    '|---|---:|---:|',
    `| without history | ${ms(result.save.without.median)} | ${ms(result.save.without.p95)} |`,
    `| with history | ${ms(result.save.with.median)} | ${ms(result.save.with.p95)} |`,
    '',
    `Ratio of the medians: ${ratio.toFixed(3)} (${verdict(ratio <= HISTORY_TARGETS.saveRatio)}).`,
    '',
    '| HTTP call | median ms | p95 ms | total |',
    '|---|---:|---:|---:|',
    `| drawer: \`GET admin/history/books/{id}?perPage=20\` (${SHEET_REVISIONS.toLocaleString('en')} revisions) | ${ms(result.drawer.median)} | ${ms(result.drawer.p95)} | ${SHEET_REVISIONS} |`,
    ...(result.drawerInBrowser
      ? [
          `| drawer in Chromium: click on 'History' to the frame showing its entries, in the sheet's editor (${DRAWER_OPENS} opens, each on the page loaded afresh) | ${ms(result.drawerInBrowser.median)} | ${ms(result.drawerInBrowser.p95)} | |`,
        ]
      : []),
    ...result.activity.map(
      (item) => `| activity: ${item.name} | ${ms(item.stats.median)} | ${ms(item.stats.p95)} | ${item.total.toLocaleString('en')}${item.exact ? '' : '+'} |`,
    ),
    '',
    `Drawer ${verdict(Math.max(result.drawer.p95, result.drawerInBrowser?.p95 ?? 0) <= HISTORY_TARGETS.drawerP95)}${result.drawerInBrowser ? '' : ' (API only: no built client to open it in Chromium)'}; activity ${verdict(worstActivity <= HISTORY_TARGETS.activityP95)} (worst p95 ${ms(worstActivity)} ms).`,
    '',
    `Size at ${result.size.revisions.toLocaleString('en')} revisions: table ${mb(result.size.table)}, indexes ${mb(result.size.indexes)}, ${((result.size.table + result.size.indexes) / result.size.revisions).toFixed(0)} bytes per revision in all; a one-field revision's row ${result.size.oneField.toFixed(0)} bytes.`,
  ];
}
