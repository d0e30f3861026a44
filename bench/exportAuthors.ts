/**
 * The export suite's declared list (`BENCH_SUITES=export`, or `export-authors` alone):
 * `GET admin/authors/export?format=csv` of 300,000 authors on PostgreSQL, from the built server
 * (`node dist/server/main.js`, as `npm start` runs it) as a child process, over HTTP with `fetch`
 * and a session cookie, read as a stream to its end and checked (bench/exportList.ts `download`).
 * Every list but the reading sheets goes through the declared resources' one store: its batches
 * are walked by keyset in the list's order (server/db/repositories/engine/declaredRepository.ts
 * `batchDeclared`), where they were pages read by OFFSET, each counting the list again.
 *
 * Target of the issue: the authors' CSV at the sheets' rate, ≥ 20,000 rows/s. Beside it, the
 * floor (the store's batches read in the bench process: the count, then each batch, no cells, no
 * file, no HTTP) and the cost of one page at the list's end as the export read it before (OFFSET).
 *
 * Environment:
 * - BENCH_AUTHORS (300000): the authors, generated in a database of their own
 *   (`admin_panel_bench_authors_<n>`, kept and reused with BENCH_KEEP=1);
 * - BENCH_EXPORT_RUNS (2): downloads, one after the other on the same server.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { findAdministratorByEmail, insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import type { Db } from '../server/db/client.js';
import { seedReferenceData } from '../server/db/seed/index.js';
import { authorResource } from '../server/resources/authors.js';
import type { StorePosition } from '../server/engine/resourceTypes.js';
import { RESOURCE_EXPORT_BATCH } from '../server/engine/export/exportSource.js';
import { hashPassword } from '../server/auth/passwords.js';
import { ADMIN } from '../scripts/harness/admin.js';
import { START_ARGS } from '../scripts/harness/startCommand.js';
import { openBenchDatabase } from './benchDatabase.js';
import { download, login, rssOf, startBuiltServer, type BuiltServer, type ExportMeasure } from './exportList.js';
import { generateAuthors } from './generate.js';
import { log, ms, stats, type Stats } from './stats.js';

const AUTHORS = Number(process.env.BENCH_AUTHORS ?? 300_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const KEEP = process.env.BENCH_KEEP === '1';

/** The target of the issue: the sheets' rate. */
const TARGET_ROWS_PER_S = 20_000;
const MB = 1_000_000;

/** The store's batches read in the bench process, and one page at the list's end read by OFFSET. */
interface AuthorsFloor {
  rows: number;
  totalMs: number;
  batch: Stats;
  /** A page of 1,000 at the list's end as the export read it before (its count included). */
  offsetPageMs: number;
  load: number;
}

export interface AuthorsExportResult {
  authors: number;
  version: string;
  cpu: string;
  generatedSeconds: number | undefined;
  floor: AuthorsFloor;
  rssIdle: number;
  runs: ExportMeasure[];
  /** 1-minute load average before the suite, and after it. */
  loadBefore: number;
  loadAfter: number;
}

/** The authors' database: migrated, reference lists seeded, AUTHORS authors generated once (reused with BENCH_KEEP=1). */
async function prepareAuthors() {
  const opened = await openBenchDatabase('postgres', { name: `bench-authors-${AUTHORS}`, keep: KEEP });
  const { database } = opened;
  await database.migrate();
  await seedReferenceData(database.db);
  const existing = Number((await database.executeSql('select count(*)::int as n from authors')).rows[0]?.n ?? 0);
  let generatedSeconds: number | undefined;
  if (existing !== AUTHORS) {
    if (existing > 0) throw new Error(`the authors' benchmark database holds ${existing} authors, not ${AUTHORS}; remove it or unset BENCH_KEEP`);
    log(`postgres: generating ${AUTHORS.toLocaleString('en')} authors ...`);
    const started = performance.now();
    await generateAuthors(database.db, { count: AUTHORS });
    await database.db.execute(sql`vacuum analyze`);
    generatedSeconds = (performance.now() - started) / 1000;
    log(`postgres: generated in ${generatedSeconds.toFixed(0)} s (vacuum analyze included)`);
  } else {
    await database.db.execute(sql`analyze`);
  }
  if (!(await findAdministratorByEmail(database.db, ADMIN.email))) {
    await insertAdministrator(database.db, { firstname: 'Export', lastname: 'Bench', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
  }
  return { ...opened, generatedSeconds };
}

/** Reads every author as the export does (the store's count, then its keyset batches), timing each batch; then one page at the end by OFFSET. */
async function authorsFloor(db: Db): Promise<AuthorsFloor> {
  const load = os.loadavg()[0]!;
  const { store } = authorResource;
  log('export floor: the authors store’s batches in the bench process ...');
  const started = performance.now();
  const total = await store.count!(db, undefined);
  const times: number[] = [];
  let rows = 0;
  let after: StorePosition | undefined;
  for (;;) {
    const at = performance.now();
    const batch = await store.batch!(db, { where: undefined, after, limit: RESOURCE_EXPORT_BATCH });
    times.push(performance.now() - at);
    rows += batch.rows.length;
    if (batch.rows.length < RESOURCE_EXPORT_BATCH) break;
    after = batch.last;
  }
  const totalMs = performance.now() - started;
  if (rows !== total) throw new Error(`export floor: ${rows} authors read for ${total} counted`);
  const at = performance.now();
  await store.list!(db, { page: AUTHORS / 1000, perPage: 1000, offset: AUTHORS - 1000, where: undefined });
  const offsetPageMs = performance.now() - at;
  log(
    `export floor: ${rows.toLocaleString('en')} authors in ${(totalMs / 1000).toFixed(1)} s, a batch ${ms(stats(times).median)} ms median; the last page by OFFSET ${ms(offsetPageMs)} ms`,
  );
  return { rows, totalMs, batch: stats(times), offsetPageMs, load };
}

/** Prepares (or reuses) the authors, starts the built server on them and downloads their CSV RUNS times. */
export async function measureAuthorsExport(): Promise<AuthorsExportResult> {
  const loadBefore = os.loadavg()[0]!;
  const { database, url, generatedSeconds, drop } = await prepareAuthors();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-authors-'));
  let server: BuiltServer | undefined;
  try {
    const version = String((await database.executeSql('select version() as v')).rows[0]?.v ?? '');
    const floor = await authorsFloor(database.db);
    await database.close();
    server = await startBuiltServer({
      DATA_DIR: dataDir,
      DATABASE_URL: url!,
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    });
    const cookie = await login(server.url);
    await sleep(2000);
    const rssIdle = rssOf(server.pid);
    const runs: ExportMeasure[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await download(server, cookie, 'csv', '', undefined, 'authors'));
    return {
      authors: AUTHORS,
      version,
      cpu: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} CPUs`,
      generatedSeconds,
      floor,
      rssIdle,
      runs,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
    };
  } finally {
    await server?.stop();
    await database.close().catch(() => undefined);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rate = (m: ExportMeasure) => (m.rows / m.totalMs) * 1000;

/** The Markdown section's lines (under its title). */
export function authorsExportSection(result: AuthorsExportResult): string[] {
  const { floor } = result;
  const row = (m: ExportMeasure, index: number) =>
    `| ${index + 1} | ${m.rows.toLocaleString('en')} | ${(m.bytes / MB).toFixed(1)} | ${m.headersMs.toFixed(0)} | ${m.firstByteMs.toFixed(0)} | ${(m.totalMs / 1000).toFixed(1)} | **${rate(m).toFixed(0)}** | ` +
    `${(m.rssBefore / MB).toFixed(1)} | ${(m.rssPeak / MB).toFixed(1)} | ${((m.rssPeak - m.rssBefore) / MB).toFixed(1)} | ${m.load.toFixed(2)} | ${rate(m) >= TARGET_ROWS_PER_S ? 'met' : `missed (< ${TARGET_ROWS_PER_S.toLocaleString('en')})`} |`;
  return [
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by bench/exportAuthors.ts: \`GET admin/authors/export?format=csv\` of ${result.authors.toLocaleString('en')} authors (bench/generate.ts \`generateAuthors\`), a declared list read by keyset batches of ${RESOURCE_EXPORT_BATCH.toLocaleString('en')}.`,
    `Target: the sheets' rate, ≥ ${TARGET_ROWS_PER_S.toLocaleString('en')} rows/s (before: pages of 1,000 by OFFSET, each counting the list again: 300,000 rows took 71 s, growing with the square of the size).`,
    '',
    `- Machine: ${result.cpu}, Node.js ${process.version}; 1-minute load ${result.loadBefore.toFixed(2)} before the suite, ${result.loadAfter.toFixed(2)} after it (a machine shared with other work: the load is each run's too, below).`,
    `- Server: \`node ${START_ARGS.join(' ')}\` as a child process on ${result.version.split(' on ')[0]}; RSS ${(result.rssIdle / MB).toFixed(1)} MB idle after its start and the login.`,
    result.generatedSeconds !== undefined
      ? `- Authors generated in ${result.generatedSeconds.toFixed(0)} s (VACUUM ANALYZE included)`
      : '- Authors: reused (BENCH_KEEP=1)',
    "- Client: `fetch` with a session cookie and `accept-encoding: identity`, the list's default columns (number, name); the body read as a stream to its end, then parsed by `csv-parse` (the header and one record per author).",
    `- Floor, the same rows read in the bench process (the store's count, then its batches by keyset, mapped as the list maps them; no cells, no file, no HTTP): ${floor.rows.toLocaleString('en')} rows in ${(floor.totalMs / 1000).toFixed(1)} s, **${((floor.rows / floor.totalMs) * 1000).toFixed(0)} rows/s**; a batch ${ms(floor.batch.median)} ms median, ${ms(floor.batch.p95)} p95, ${ms(floor.batch.max)} max (load ${floor.load.toFixed(2)} before). The last page of 1,000 by OFFSET, as each page of the export was read before: ${ms(floor.offsetPageMs)} ms.`,
    '',
    '| Run | Rows | File MB | Headers ms | First byte ms | Total s | Rows/s | RSS before MB | RSS peak MB | Growth MB | Load before | Target |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...result.runs.map(row),
    '',
  ];
}
