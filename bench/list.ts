/**
 * The list suite of `npm run bench`: `GET admin/books` at catalogue scale, on PGlite and on
 * PostgreSQL, through real HTTP (the app listening on a port, `fetch` with keep-alive) next to the
 * bare SQL of the same call (the repository's queries run directly on the same database) as the floor.
 *
 * Environment:
 * - BENCH_SIZE (100000): reading sheets to generate on PGlite.
 * - BENCH_PG_SIZE (1000000): reading sheets to generate on PostgreSQL (the catalogue only grows).
 * - BENCH_RUNS (100): measured runs per case and side, after BENCH_WARMUP (15) warm-up runs.
 * - BENCH_ENGINES (pglite,postgres): which databases to measure.
 * - BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres): a server where a throwaway
 *   database is created (and dropped at the end).
 * - BENCH_CURVE (10000,100000): the smaller catalogues measured on PostgreSQL for the cost curve
 *   (the same cases at each size beside BENCH_PG_SIZE; empty to skip).
 * - BENCH_KEEP=1: keep the generated databases (PostgreSQL `admin_panel_bench_<size>`, PGlite in
 *   data/bench-<size>) and reuse them on the next run instead of generating again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { type Database } from '../server/db/client.js';
import { listSheets } from '../server/db/repositories/sheets/sheetListRepository.js';
import { RATING_TYPES } from '../server/db/schema/book-ratings.js';
import { seedReferenceData } from '../server/db/seed/index.js';
import { sheetListArgs, listSheetPage, type SheetListQuery } from '../server/sheets/sheetListService.js';
import { generateCatalogue } from './generate.js';
import { measureCase, sessionClient, type CaseResult, type HttpSqlCase } from './httpVsSql.js';
import { engineHeading, loadLine, log, ms, rowsLine } from './stats.js';
import { openBenchDatabase } from './benchDatabase.js';

/** Catalogue size per engine: PGlite is the single-user embedded database, PostgreSQL the production one. */
const SIZES = { pglite: Number(process.env.BENCH_SIZE ?? 100_000), postgres: Number(process.env.BENCH_PG_SIZE ?? 1_000_000) } as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
export const LIST_ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim()) as ('pglite' | 'postgres')[];
const KEEP = process.env.BENCH_KEEP === '1';
/** The cost curve's sizes on PostgreSQL, smallest first, the main size last. */
export const CURVE_SIZES = [
  ...new Set([
    ...(process.env.BENCH_CURVE ?? '10000,100000')
      .split(',')
      .map((size) => Number(size.trim()))
      .filter((size) => size > 0 && size !== SIZES.postgres),
    SIZES.postgres,
  ]),
].sort((a, b) => a - b);

/**
 * Targets: p95 per engine, and HTTP at most this many times the bare SQL (PostgreSQL, medians):
 * 1.3 since the answers are serialised with their response schemas (fast-json-stringify).
 */
const TARGET_P95 = { postgres: 50, pglite: 150 } as const;
const TARGET_RATIO = 1.3;

/**
 * A measured call; `cursorAfter` makes it a keyset page: the `after` cursor of that query's answer
 * (the page before) is added to it when the bench starts, as the client does on 'Next'.
 */
type Case = HttpSqlCase<SheetListQuery> & { cursorAfter?: SheetListQuery };

const EVERY_RATING_2 = Object.fromEntries(RATING_TYPES.map((type) => [type, 2]));

/**
 * Thematic 1 and genre 1 are top-level nodes with children; audience 4 is 'Adults'; status 2 is
 * 'In progress'. Every sheet's search text holds its title in the five locales ('The Secret', 'Le
 * Secret', 'Das Geheimnis' …), so 'the' matches every sheet and 'secret geheimnis' one in 18.
 */
const CASES: Case[] = [
  { name: 'no filter (page 1, newest first)', qs: '', query: {} },
  { name: 'free-text search "jardin"', qs: 'search=jardin', query: { search: 'jardin' } },
  { name: 'criteria: genres + thematics + audiences', qs: 'genres[]=1&thematics[]=1&audiences[]=4', query: { genres: [1], thematics: [1], audiences: [4] } },
  { name: 'ratings: quality ≥ 3 and plot ≥ 2', qs: 'quality=3&ratings[plot]=2', query: { quality: 3, plot: 2 } },
  { name: 'deep page (page 5000 of 10)', qs: 'page=5000', query: { page: 5000 } },
  { name: 'common-word search "the"', qs: 'search=the', query: { search: 'the' } },
  { name: 'two-word search + genre tree', qs: 'search=secret%20geheimnis&genres[]=1', query: { search: 'secret geheimnis', genres: [1] } },
  {
    name: 'search + three criteria',
    qs: 'search=garden&thematics[]=1&audiences[]=4&statuses[]=2',
    query: { search: 'garden', thematics: [1], audiences: [4], statuses: [2] },
  },
  { name: 'every rating ≥ 2', qs: RATING_TYPES.map((type) => `${type}=2`).join('&'), query: EVERY_RATING_2 },
  { name: 'filtered deep page (status, page 300 of 50)', qs: 'statuses[]=2&page=300&perPage=50', query: { statuses: [2], page: 300, perPage: 50 } },
  {
    name: 'filtered deep page by cursor (the same, after page 299)',
    qs: 'statuses[]=2&page=300&perPage=50',
    query: { statuses: [2], page: 300, perPage: 50 },
    cursorAfter: { statuses: [2], page: 299, perPage: 50 },
  },
  { name: 'common word, next page by cursor', qs: 'search=the&page=2', query: { search: 'the', page: 2 }, cursorAfter: { search: 'the' } },
  {
    name: 'by title, with filters',
    qs: 'sort=title&direction=asc&genres[]=1&statuses[]=2',
    query: { sort: 'title', direction: 'asc', genres: [1], statuses: [2] },
  },
  {
    name: 'by publication date, with filters',
    qs: 'sort=publication_date&audiences[]=4&quality=2',
    query: { sort: 'publication_date', audiences: [4], quality: 2 },
  },
  { name: 'author filter', qs: 'author[]=1', query: { author: [1] } },
];

export interface EngineResult {
  engine: 'pglite' | 'postgres';
  /** Reading sheets in the catalogue. */
  size: number;
  version: string;
  /** 1-minute load average before and after the measured runs (other processes share the machine). */
  load: [number, number];
  generatedSeconds: number | undefined;
  /** The database's size on disk after generation (`pg_database_size`), in bytes. */
  databaseBytes: number;
  rows: Record<string, number>;
  cases: CaseResult[];
}

async function rowsOf(database: Database, query: string): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Opens (and fills when needed) the engine's benchmark catalogue of `SIZE` sheets (with BENCH_KEEP=1
 * the kept one, reused); `url` is PostgreSQL's (for a server process), `drop` removes it afterwards.
 * The export suite (bench/exportList.ts) measures on the same catalogue.
 */
export async function prepareCatalogue(
  engine: 'pglite' | 'postgres',
  SIZE: number = SIZES[engine],
): Promise<{ database: Database; url: string | undefined; generatedSeconds: number | undefined; drop(): Promise<void> }> {
  const { database, url, drop } = await openBenchDatabase(engine, { name: `bench-${SIZE}`, keep: KEEP });
  await database.migrate();
  await seedReferenceData(database.db);
  const existing = Number((await rowsOf(database, 'select count(*)::int as n from books'))[0]?.n ?? 0);
  let generatedSeconds: number | undefined;
  if (existing !== SIZE) {
    if (existing > 0) throw new Error(`${engine}: the benchmark database holds ${existing} sheets, not ${SIZE}; remove it or unset BENCH_KEEP`);
    log(`${engine}: generating ${SIZE.toLocaleString('en')} reading sheets ...`);
    const started = performance.now();
    let last = 0;
    await generateCatalogue(database.db, {
      size: SIZE,
      progress: (done, total) => {
        if (done - last >= total / 10 || done === total) {
          last = done;
          log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      },
    });
    await database.db.execute(sql`vacuum analyze`);
    generatedSeconds = (performance.now() - started) / 1000;
    log(`${engine}: generated in ${generatedSeconds.toFixed(0)} s (vacuum analyze included)`);
  } else {
    await database.db.execute(sql`analyze`);
  }
  return { database, url, generatedSeconds, drop };
}

/** Generates (or reuses) the engine's catalogue (its default size, or `size`) and measures every case. */
export async function measureList(engine: 'pglite' | 'postgres', size: number = SIZES[engine]): Promise<EngineResult> {
  const { database, generatedSeconds, drop } = await prepareCatalogue(engine, size);
  const { db } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: 'no-client', DEMO_DATA: 'false' }), database });
  try {
    const http = await sessionClient(app, db, 'books');
    const bare = async (query: SheetListQuery) => {
      const { conditions, order, window } = await sheetListArgs(db, query);
      return listSheets(db, conditions, order, window);
    };

    const version = String((await rowsOf(database, 'select version() as v'))[0]?.v ?? '');
    const rows: Record<string, number> = {};
    for (const table of [
      'books',
      'authors',
      'companies',
      'book_authors',
      'book_genres',
      'book_thematics',
      'book_audiences',
      'book_categories',
      'book_periods',
      'book_places',
      'book_adaptation_formats',
      'book_ratings',
      'book_series',
      'book_files',
    ]) {
      rows[table] = Number((await rowsOf(database, `select count(*)::int as n from ${table}`))[0]?.n ?? 0);
    }

    const databaseBytes = Number((await rowsOf(database, 'select pg_database_size(current_database())::bigint as n'))[0]?.n ?? 0);
    const loadBefore = os.loadavg()[0]!;
    const cases: CaseResult[] = [];
    for (const item of CASES) {
      let measured: HttpSqlCase<SheetListQuery> = item;
      if (item.cursorAfter) {
        const after = (await listSheetPage(db, item.cursorAfter)).meta.next_cursor;
        if (!after) {
          // A small catalogue has no such page (the cost curve's 10,000 sheets): nothing to measure.
          log(`${engine} ${size / 1000}k ${item.name}: no page after ${JSON.stringify(item.cursorAfter)}, not measured`);
          cases.push({ name: item.name, qs: item.qs, total: 0, exact: true, http: NOT_MEASURED, sql: NOT_MEASURED });
          continue;
        }
        measured = { name: item.name, qs: `${item.qs}&after=${after}`, query: { ...item.query, after } };
      }
      cases.push(await measureCase(`${engine} ${size / 1000}k`, measured, http, bare, { runs: RUNS, warmup: WARMUP, nameWidth: 52 }));
    }
    return { engine, size, version, load: [loadBefore, os.loadavg()[0]!], generatedSeconds, databaseBytes, rows, cases };
  } finally {
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of a case a catalogue cannot have (a page past its end): shown '—'. */
const NOT_MEASURED = { median: Number.NaN, p95: Number.NaN, mean: Number.NaN, min: Number.NaN, max: Number.NaN };
const shown = (value: number) => (Number.isNaN(value) ? '—' : ms(value));

/** A query string as the table shows it: a cursor is long and says nothing to a reader. */
const shortQs = (qs: string) => (qs || '(none)').replace(/after=[A-Za-z0-9_-]+/, 'after=…');

/** A case's matches: exact, or '10,000+' past the count bound. */
const matches = (c: CaseResult) => `${c.total.toLocaleString('en')}${c.exact ? '' : '+'}`;

/**
 * The cost curve: each case's HTTP p95 (and bare-SQL median) at every size measured on
 * PostgreSQL, smallest first, and how the largest compares with the smallest.
 */
export function curveSection(results: EngineResult[]): string[] {
  const sizes = results.map((result) => result.size);
  const lines = [
    `### Cost curve on PostgreSQL: ${sizes.map((size) => size.toLocaleString('en')).join(', ')} sheets`,
    '',
    'HTTP p95 (bare-SQL median in brackets), ms; the same cases, runs and machine as above.',
    '',
    `| Case | ${sizes.map((size) => `${size.toLocaleString('en')}`).join(' | ')} | matches at ${sizes.at(-1)!.toLocaleString('en')} | p95 ×, largest / smallest measured |`,
    `|---|${sizes.map(() => '---:|').join('')}---:|---:|`,
  ];
  for (const [index, c] of results[0]!.cases.entries()) {
    const at = results.map((result) => result.cases[index]!);
    lines.push(
      `| ${c.name} | ${at.map((item) => (Number.isNaN(item.http.p95) ? '—' : `${ms(item.http.p95)} (${ms(item.sql.median)})`)).join(' | ')} | ${matches(at.at(-1)!)} | ${growth(at)} |`,
    );
  }
  lines.push('');
  return lines;
}

/** How a case's p95 grew from the smallest catalogue that has it to the largest. */
function growth(at: CaseResult[]): string {
  const measured = at.filter((item) => !Number.isNaN(item.http.p95));
  return measured.length > 1 ? (measured.at(-1)!.http.p95 / measured[0]!.http.p95).toFixed(1) : '—';
}

/** The Markdown section of one engine's figures. */
export function listSection(result: EngineResult): string[] {
  const target = TARGET_P95[result.engine];
  const lines = [
    `${engineHeading(result.engine)}, ${result.size.toLocaleString('en')} sheets`,
    '',
    `- Server: ${result.version}`,
    result.generatedSeconds !== undefined
      ? `- Generation: ${result.generatedSeconds.toFixed(0)} s (multi-row JSON batches, then VACUUM ANALYZE)`
      : '- Generation: reused (BENCH_KEEP=1)',
    rowsLine(result.rows),
    `- Database size: ${(result.databaseBytes / 1024 ** 2).toFixed(0)} MiB (\`pg_database_size\`)`,
    `- ${RUNS} measured runs per case and side after ${WARMUP} warm-up runs, HTTP and SQL interleaved; times in ms.`,
    loadLine(result.load),
    '',
    '| Case | Query | Matches | HTTP median | HTTP p95 | SQL median | SQL p95 | HTTP/SQL median | HTTP/SQL p95 | Target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const c of result.cases) {
    const ratioMedian = c.http.median / c.sql.median;
    const ratioP95 = c.http.p95 / c.sql.p95;
    const misses: string[] = [];
    if (c.http.p95 > target) misses.push(`p95 over ${target} ms by ${ms(c.http.p95 - target)} ms`);
    if (result.engine === 'postgres' && ratioMedian > TARGET_RATIO) misses.push(`HTTP/SQL ${ratioMedian.toFixed(2)} > ${TARGET_RATIO}`);
    lines.push(
      `| ${c.name} | \`${shortQs(c.qs)}\` | ${matches(c)} | ${shown(c.http.median)} | ${shown(c.http.p95)} | ${shown(c.sql.median)} | ${shown(c.sql.p95)} | ${ratioMedian.toFixed(2)} | ${ratioP95.toFixed(2)} | ${Number.isNaN(c.http.p95) ? 'not measured (no such page)' : misses.length ? `missed: ${misses.join('; ')}` : `met (p95 ≤ ${target}${result.engine === 'postgres' ? `, ratio ≤ ${TARGET_RATIO}` : ''})`} |`,
    );
  }
  lines.push('');
  return lines;
}

/** The lines that introduce the list figures. */
export function listIntro(): string[] {
  return [
    `${SIZES.postgres.toLocaleString('en')} reading sheets on PostgreSQL, ${SIZES.pglite.toLocaleString('en')} on PGlite (bench/generate.ts).`,
    'HTTP: the app listening on 127.0.0.1, sequential `fetch` calls on a keep-alive connection with a session cookie, timed until the body is read.',
    "SQL: the same call's repository work run directly on the same database (`sheetListArgs` + `listSheets`: the tree expansion when filtering by genres or thematics, the page query and the count), the floor the HTTP figure is compared with.",
    `Targets: PostgreSQL p95 ≤ ${TARGET_P95.postgres} ms and HTTP ≤ ${TARGET_RATIO} × SQL (medians); PGlite p95 ≤ ${TARGET_P95.pglite} ms.`,
  ];
}
