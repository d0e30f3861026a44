/**
 * The export suite of `npm run bench`: `GET admin/books/export?format=csv|xlsx` of the whole
 * PostgreSQL catalogue of the list suite (1,000,000 sheets, bench/list.ts `prepareCatalogue`), from
 * the built server (`node dist/server/main.js`, as `npm start` runs it) as a child process, over
 * HTTP with `fetch` and a session cookie, the body read as a stream to its end. The server's
 * resident memory (VmRSS of /proc/<pid>/status) is sampled every 100 ms during each download.
 *
 * Target of the issue: the CSV of 1,000,000 sheets streams at ≥ 20,000 rows/s with the server's
 * memory growth (peak RSS during the download − RSS just before it) under 100 MB. XLSX is measured
 * for information; an XLSX of the whole catalogue that takes longer than BENCH_XLSX_LIMIT_S is
 * stopped there and measured on BENCH_XLSX_SUBSET instead. Beside them, the floor: the export's
 * rows read in the bench process (`sheetExportSource`'s batches, SQL and row mapping, no cells, no
 * file, no HTTP) on the same database.
 *
 * Environment:
 * - BENCH_PG_SIZE (1000000), BENCH_KEEP=1, BENCH_DATABASE_URL: the list suite's catalogue (kept and
 *   reused with BENCH_KEEP=1).
 * - BENCH_EXPORT_RUNS (2): CSV downloads, one after the other on the same server.
 * - BENCH_XLSX_LIMIT_S (600) and BENCH_XLSX_SUBSET (`statuses[]=2`): see above.
 * - BENCH_SERVER_NODE_ARGS: Node flags for the server process, to profile it
 *   (`--cpu-prof --cpu-prof-dir=/tmp/prof`: the profile is written at its graceful stop).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { findAdministratorByEmail, insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { type Db } from '../server/db/client.js';
import { sheetExportSource } from '../server/sheets/sheetListService.js';
import { hashPassword } from '../server/auth/passwords.js';
import { ADMIN } from '../scripts/harness/admin.js';
import { prepareCatalogue } from './list.js';
import { START_ARGS } from '../scripts/harness/startCommand.js';
import { log, ms, stats, type Stats } from './stats.js';

const SIZE = Number(process.env.BENCH_PG_SIZE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const XLSX_LIMIT_S = Number(process.env.BENCH_XLSX_LIMIT_S ?? 600);
const XLSX_SUBSET = process.env.BENCH_XLSX_SUBSET ?? 'statuses[]=2';
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SAMPLE_MS = 100;

/** Targets of the issue, for the CSV of the whole catalogue. */
const TARGET_ROWS_PER_S = 20_000;
const TARGET_GROWTH_MB = 100;

const MB = 1_000_000;

/** One download of an export. */
export interface ExportMeasure {
  format: 'csv' | 'xlsx';
  /** The list's parameters besides the format ('' for the whole catalogue). */
  qs: string;
  /** False when stopped at BENCH_XLSX_LIMIT_S before its end. */
  complete: boolean;
  /** Rows announced by the server (`x-export-rows`). */
  rows: number;
  /** CSV: records parsed from the file (csv-parse), header included; its lines (CRLF). */
  records?: number;
  lines?: number;
  bytes: number;
  headersMs: number;
  firstByteMs: number;
  totalMs: number;
  /** The server's VmRSS (bytes): just before the request, the highest sample during it, 2 s after its end. */
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  samples: number;
  /** 1-minute load average before the download. */
  load: number;
}

/** The export's rows read in the bench process: `sheetExportSource`'s batches one after the other. */
interface ExportFloor {
  rows: number;
  totalMs: number;
  /** Time of each batch's read (ms). */
  batch: Stats;
  batchSize: number;
  load: number;
}

export interface ExportResult {
  size: number;
  version: string;
  cpu: string;
  floor: ExportFloor;
  generatedSeconds: number | undefined;
  /** RSS of the idle server after its start and the login (bytes). */
  rssIdle: number;
  csv: ExportMeasure[];
  /** The whole catalogue; then the subset when that one was stopped at the limit. */
  xlsx: ExportMeasure[];
}

/** The resident memory of process `pid` (VmRSS), in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/** The built server of `npm start`, run by a suite as a child process. */
export interface BuiltServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The built server (`node dist/server/main.js`, what `npm start` runs) on a free port; resolves once it says it is ready. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...START_ARGS], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', CLIENT_DIR: 'no-client', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after 90 s:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      const match = /ready at http:\/\/[^\s:]+:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server ended before it was ready:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs the bench's administrator in; the session cookie. */
export async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (response.status !== 200) throw new Error(`login refused: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Counts the records of a CSV file (csv-parse, streaming) and checks that each has the header's number of fields. */
async function csvRecords(file: string): Promise<number> {
  let records = 0;
  let width = 0;
  const parser = fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }));
  for await (const record of parser as AsyncIterable<string[]>) {
    if (records === 0) width = record.length;
    else if (record.length !== width) throw new Error(`CSV record ${records} has ${record.length} fields, the header ${width}`);
    records += 1;
  }
  return records;
}

/** True when the file ends with a ZIP's end-of-central-directory record (an XLSX written to its end). */
function zipComplete(file: string): boolean {
  const size = fs.statSync(file).size;
  const length = Math.min(size, 65_557);
  const tail = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, tail, 0, length, size - length);
  } finally {
    fs.closeSync(fd);
  }
  return tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) >= 0;
}

/**
 * One export of list `api` (the reading sheets by default) downloaded: the body read as a stream
 * to its end (bytes and line feeds counted, then written to a temporary file, checked afterwards so
 * that checking takes no CPU from the server during the download), the server's RSS sampled every
 * SAMPLE_MS meanwhile.
 */
export async function download(
  server: BuiltServer,
  cookie: string,
  format: 'csv' | 'xlsx',
  qs: string,
  limitS?: number,
  api = 'books',
): Promise<ExportMeasure> {
  const label = `export ${api === 'books' ? '' : `${api} `}${format}${qs ? ` ${qs}` : ''}`;
  const load = os.loadavg()[0]!;
  const file = path.join(os.tmpdir(), `bench-export-${process.pid}.${format}`);
  const rssBefore = rssOf(server.pid);
  let rssPeak = rssBefore;
  let samples = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssOf(server.pid));
    samples += 1;
  }, SAMPLE_MS);
  const abort = new AbortController();
  const timer = limitS ? setTimeout(() => abort.abort(), limitS * 1000) : undefined;
  const out = fs.createWriteStream(file);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = Number.NaN;
  let complete = true;
  const started = performance.now();
  let headersMs: number;
  let rows: number;
  try {
    const response = await fetch(`${server.url}/api/admin/${api}/export?format=${format}${qs ? `&${qs}` : ''}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
      signal: abort.signal,
    });
    headersMs = performance.now() - started;
    if (response.status !== 200 || !response.body) throw new Error(`${label}: ${response.status} ${await response.text()}`);
    if (response.headers.get('content-encoding'))
      throw new Error(`${label}: compressed (${response.headers.get('content-encoding')}) despite accept-encoding: identity`);
    rows = Number(response.headers.get('x-export-rows'));
    log(`${label}: ${rows.toLocaleString('en')} rows announced, headers after ${headersMs.toFixed(0)} ms`);
    let nextReport = 50 * MB;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        if (!out.write(chunk)) await once(out, 'drain');
        if (bytes >= nextReport) {
          log(`  ${(bytes / MB).toFixed(0)} MB after ${((performance.now() - started) / 1000).toFixed(0)} s, RSS peak ${(rssPeak / MB).toFixed(0)} MB`);
          nextReport += 50 * MB;
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
      complete = false;
      log(`${label}: stopped after ${limitS} s (BENCH_XLSX_LIMIT_S)`);
    }
  } finally {
    clearTimeout(timer);
    clearInterval(sampler);
    out.end();
    await once(out, 'close');
  }
  const totalMs = performance.now() - started;
  rssPeak = Math.max(rssPeak, rssOf(server.pid));
  await sleep(2000);
  const rssAfter = rssOf(server.pid);
  const measure: ExportMeasure = { format, qs, complete, rows, bytes, headersMs, firstByteMs, totalMs, rssBefore, rssPeak, rssAfter, samples, load };
  try {
    if (complete && format === 'csv') {
      measure.lines = lines;
      log(`${label}: checking the file (csv-parse) ...`);
      measure.records = await csvRecords(file);
      if (measure.records !== rows + 1) throw new Error(`${label}: ${measure.records} CSV records for ${rows} rows announced (+ the header)`);
    }
    if (complete && format === 'xlsx' && !zipComplete(file)) throw new Error(`${label}: the XLSX file is not a complete ZIP`);
  } finally {
    fs.rmSync(file, { force: true });
  }
  log(
    `${label}: ${complete ? '' : 'STOPPED '}${(bytes / MB).toFixed(1)} MB in ${(totalMs / 1000).toFixed(1)} s, first byte ${firstByteMs.toFixed(0)} ms, ` +
      `RSS ${(rssBefore / MB).toFixed(0)} → peak ${(rssPeak / MB).toFixed(0)} MB (+${((rssPeak - rssBefore) / MB).toFixed(0)}), ${(rssAfter / MB).toFixed(0)} MB 2 s after`,
  );
  return measure;
}

/** Reads every row of the export as the route does (`sheetExportSource`, no cells, no file), timing each batch. */
async function exportFloor(db: Db): Promise<ExportFloor> {
  const load = os.loadavg()[0]!;
  log('export floor: sheetExportSource batches in the bench process ...');
  const started = performance.now();
  const source = await sheetExportSource(db, {});
  const batches = source.batches();
  const times: number[] = [];
  let rows = 0;
  let batchSize = 0;
  for (;;) {
    const at = performance.now();
    const next = await batches.next();
    if (next.done) break;
    times.push(performance.now() - at);
    rows += next.value.length;
    batchSize = Math.max(batchSize, next.value.length);
  }
  const totalMs = performance.now() - started;
  if (rows !== source.total) throw new Error(`export floor: ${rows} rows read for ${source.total} counted`);
  log(`export floor: ${rows.toLocaleString('en')} rows in ${(totalMs / 1000).toFixed(1)} s, ${times.length} batches, median ${ms(stats(times).median)} ms`);
  return { rows, totalMs, batch: stats(times), batchSize, load };
}

/** Prepares (or reuses) the catalogue, starts the built server on it and downloads the exports. */
export async function measureExport(): Promise<ExportResult> {
  const { database, url, generatedSeconds, drop } = await prepareCatalogue('postgres', SIZE);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-export-'));
  let server: BuiltServer | undefined;
  try {
    // The clients' account (a kept catalogue has it from the previous run).
    if (!(await findAdministratorByEmail(database.db, ADMIN.email))) {
      await insertAdministrator(database.db, { firstname: 'Export', lastname: 'Bench', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
    }
    const { rows } = await database.executeSql('select version() as v');
    const version = String(rows[0]?.v ?? '');
    const floor = await exportFloor(database.db);
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
    const csv: ExportMeasure[] = [];
    for (let run = 0; run < RUNS; run++) csv.push(await download(server, cookie, 'csv', ''));
    const xlsx = [await download(server, cookie, 'xlsx', '', XLSX_LIMIT_S)];
    if (!xlsx[0]!.complete) {
      // Let the stopped export's stream end before the next baseline.
      await sleep(5000);
      xlsx.push(await download(server, cookie, 'xlsx', XLSX_SUBSET));
    }
    return { size: SIZE, version, cpu: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} CPUs`, floor, generatedSeconds, rssIdle, csv, xlsx };
  } finally {
    await server?.stop();
    await database.close().catch(() => undefined);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Whether a CSV download of the whole catalogue meets the issue's targets. */
function verdict(m: ExportMeasure): string {
  if (m.format !== 'csv') return m.complete ? 'information' : `information (stopped at ${XLSX_LIMIT_S} s)`;
  const rate = (m.rows / m.totalMs) * 1000;
  const growth = (m.rssPeak - m.rssBefore) / MB;
  const misses: string[] = [];
  if (rate < TARGET_ROWS_PER_S) misses.push(`${rate.toFixed(0)} rows/s < ${TARGET_ROWS_PER_S.toLocaleString('en')}`);
  if (growth >= TARGET_GROWTH_MB) misses.push(`growth ${growth.toFixed(0)} MB ≥ ${TARGET_GROWTH_MB}`);
  return misses.length ? `missed: ${misses.join('; ')}` : `met (≥ ${TARGET_ROWS_PER_S.toLocaleString('en')} rows/s, growth < ${TARGET_GROWTH_MB} MB)`;
}

/** The Markdown section's lines (under its title). */
export function exportSection(result: ExportResult): string[] {
  const all = [...result.csv, ...result.xlsx];
  const row = (m: ExportMeasure, index: number) => {
    // A stopped download's rows are unknown: its rate is in MB/s only.
    const rate = m.complete ? ((m.rows / m.totalMs) * 1000).toFixed(0) : '—';
    const name = m.format === 'csv' ? `CSV, run ${index + 1}` : m.complete ? 'XLSX' : 'XLSX (stopped)';
    return (
      `| ${name} | \`${m.qs || '(none)'}\` | ${m.rows.toLocaleString('en')}${m.complete ? '' : ' (announced)'} | ${mb(m.bytes)} | ${m.headersMs.toFixed(0)} | ${m.firstByteMs.toFixed(0)} | ${seconds(m.totalMs)} | ${rate} | ${(((m.bytes / m.totalMs) * 1000) / MB).toFixed(1)} | ` +
      `${mb(m.rssBefore)} | ${mb(m.rssPeak)} | ${mb(m.rssPeak - m.rssBefore)} | ${mb(m.rssAfter)} | ${m.load.toFixed(2)} | ${verdict(m)} |`
    );
  };
  const { floor } = result;
  const checked = result.csv.map((m) => `${m.records?.toLocaleString('en')} records, ${m.lines?.toLocaleString('en')} lines`).join('; ');
  return [
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by bench/exportList.ts, on the list suite's catalogue of ${result.size.toLocaleString('en')} reading sheets (bench/generate.ts).`,
    `Target: the CSV of ${result.size.toLocaleString('en')} sheets streams at ≥ ${TARGET_ROWS_PER_S.toLocaleString('en')} rows/s with the server's memory growth under ${TARGET_GROWTH_MB} MB. XLSX for information.`,
    '',
    `- Machine: ${result.cpu}, Node.js ${process.version}.`,
    `- Server: \`node ${START_ARGS.join(' ')}\` (the build of \`npm start\`) as a child process on ${result.version.split(' on ')[0]}; RSS ${mb(result.rssIdle)} MB idle after its start and the login.`,
    result.generatedSeconds !== undefined
      ? `- Catalogue generated in ${result.generatedSeconds.toFixed(0)} s (bench/list.ts \`prepareCatalogue\`)`
      : '- Catalogue: reused (BENCH_KEEP=1)',
    "- Client: `fetch` with a session cookie and `accept-encoding: identity` (no gzip), the list's default columns, no `accept-language` (`,` separator); the body read as a stream to its end (time to headers, to the first body byte, to the end), written to a temporary file and checked afterwards: the CSV parsed by `csv-parse` (header + one record per row, every record the header's width), the XLSX a complete ZIP.",
    `- Memory: the server process's VmRSS (/proc/<pid>/status) every ${SAMPLE_MS} ms; before: just before the request; growth: peak − before; after: 2 s after the end. MB = 10⁶ bytes; times in ms unless said.`,
    `- CSV checked: ${checked}.`,
    `- Floor, the same rows read in the bench process (\`sheetExportSource\`: the counts, then ${floor.batchSize.toLocaleString('en')} rows at a time by keyset, their positions then their columns, two batches' columns read ahead, mapped to list items; no cells, no file, no HTTP): ` +
      `${floor.rows.toLocaleString('en')} rows in ${seconds(floor.totalMs)} s, **${((floor.rows / floor.totalMs) * 1000).toFixed(0)} rows/s**; ` +
      `a batch ${ms(floor.batch.median)} ms median, ${ms(floor.batch.p95)} p95, ${ms(floor.batch.max)} max (load ${floor.load.toFixed(2)} before).`,
    '',
    '| Export | Query | Rows | File MB | Headers ms | First byte ms | Total s | Rows/s | MB/s | RSS before MB | RSS peak MB | Growth MB | RSS after MB | Load before | Target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...all.map((m) => row(m, result.csv.indexOf(m))),
    '',
  ];
}
