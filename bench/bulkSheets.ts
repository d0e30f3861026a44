/**
 * The bulk suite of `npm run bench`: `POST admin/books/bulk` setting the status of 10,000 reading
 * sheets of the list suite's PostgreSQL catalogue (1,000,000 sheets, bench/list.ts
 * `prepareCatalogue`), from the built server (`node dist/server/main.js`, as `npm start` runs it)
 * over HTTP with a session cookie: the action starts as a job (202), whose progress
 * (`GET admin/bulk-jobs/{id}`) is read every POLL_MS until it ends.
 *
 * The rows: BENCH_BULK_ROWS sheets of the catalogue's most common status, by id. Run 1 sets them to
 * another status, run 2 sets them back, so a kept catalogue ends as it was (but for the sheets'
 * versions and the revisions the runs add). Each run is checked against the database afterwards:
 * the sheets it says done hold the new status and each has one revision more.
 *
 * Target of the issue: a bulk status change of 10,000 sheets completes in ≤ 60 s.
 *
 * Environment: BENCH_PG_SIZE (1000000), BENCH_KEEP=1, BENCH_DATABASE_URL as for the list suite;
 * BENCH_BULK_ROWS (10000); BENCH_SERVER_NODE_ARGS: Node flags for the server process (a CPU profile).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BulkJobAnswer } from '../common/bulkAnswers.js';
import { findAdministratorByEmail, insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { hashPassword } from '../server/auth/passwords.js';
import { ADMIN } from '../scripts/harness/admin.js';
import type { Database } from '../server/db/client.js';
import { login, startBuiltServer } from './exportList.js';
import { START_ARGS } from '../scripts/harness/startCommand.js';
import { prepareCatalogue } from './list.js';
import { log } from './stats.js';

const SIZE = Number(process.env.BENCH_PG_SIZE ?? 1_000_000);
const ROWS = Number(process.env.BENCH_BULK_ROWS ?? 10_000);
const POLL_MS = 250;

/** Target of the issue. */
const TARGET_S = 60;

/** One bulk action measured. */
interface BulkMeasure {
  from: string;
  to: string;
  rows: number;
  done: number;
  refused: number;
  /** The first refusal's message, if any. */
  firstRefusal?: string;
  /** From the request sent to the 202 answer. */
  answerMs: number;
  /** From the request sent to the first progress read that says the job ended. */
  totalMs: number;
  /** Sheets holding the new status afterwards, of those said done; revisions added to them. */
  checkedStatus: number;
  revisionsAdded: number;
  state: string;
  load: number;
}

export interface BulkResult {
  size: number;
  version: string;
  cpu: string;
  generatedSeconds: number | undefined;
  runs: BulkMeasure[];
}

const count = async (database: Database, query: string, params: unknown[] = []) => Number((await database.executeSql(query, params)).rows[0]?.n ?? 0);

async function revisionsOf(database: Database, ids: readonly number[]): Promise<number> {
  return count(database, `select count(*)::int as n from record_revisions where resource = 'books' and record_id = any($1::int[])`, [ids]);
}

/** One bulk status change through the built server, as the list's bar asks for it, read to its end. */
async function run(
  base: string,
  cookie: string,
  ids: readonly number[],
  status: { id: number; label: string },
): Promise<Omit<BulkMeasure, 'from' | 'checkedStatus' | 'revisionsAdded'>> {
  const load = os.loadavg()[0]!;
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/books/bulk`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'set', field: 'status_id', value: status.id, ids }),
  });
  const answerMs = performance.now() - started;
  if (response.status !== 202) throw new Error(`bulk: ${response.status} ${await response.text()}`);
  let job = ((await response.json()) as { data: { job: BulkJobAnswer } }).data.job;
  let reported = 0;
  while (job.state === 'running') {
    await sleep(POLL_MS);
    const read = await fetch(`${base}/api/admin/bulk-jobs/${job.id}`, { headers: { cookie } });
    if (read.status !== 200) throw new Error(`bulk job: ${read.status} ${await read.text()}`);
    job = ((await read.json()) as { data: BulkJobAnswer }).data;
    const handled = job.done + job.refused;
    if (handled - reported >= ROWS / 5) {
      reported = handled;
      log(`  ${handled.toLocaleString('en')} / ${job.total.toLocaleString('en')} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
  const totalMs = performance.now() - started;
  log(`bulk status → ${status.label}: ${job.state}, ${job.done.toLocaleString('en')} done, ${job.refused} refused in ${(totalMs / 1000).toFixed(1)} s`);
  return {
    to: status.label,
    rows: ids.length,
    done: job.done,
    refused: job.refused,
    firstRefusal: job.rows[0]?.message,
    answerMs,
    totalMs,
    state: job.state,
    load,
  };
}

/** Prepares (or reuses) the catalogue, starts the built server on it and runs the two bulk changes. */
export async function measureBulk(): Promise<BulkResult> {
  const { database, url, generatedSeconds, drop } = await prepareCatalogue('postgres', SIZE);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-bulk-'));
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  try {
    if (!(await findAdministratorByEmail(database.db, ADMIN.email))) {
      await insertAdministrator(database.db, { firstname: 'Bulk', lastname: 'Bench', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
    }
    const version = String((await database.executeSql('select version() as v')).rows[0]?.v ?? '');
    const statuses = (
      await database.executeSql(
        'select s.id, s.label from book_statuses s left join books b on b.status_id = s.id group by s.id order by count(b.id) desc, s.id',
      )
    ).rows as {
      id: number;
      label: string;
    }[];
    const [common, other] = statuses;
    if (!common || !other) throw new Error('bulk: the catalogue needs two statuses');
    const ids = (await database.executeSql('select id from books where status_id = $1 order by id limit $2', [common.id, ROWS])).rows.map((row) =>
      Number(row.id),
    );
    if (ids.length < ROWS) throw new Error(`bulk: ${ids.length} sheets of status ${common.label}, ${ROWS} needed`);
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
    const runs: BulkMeasure[] = [];
    for (const [from, to] of [
      [common, other],
      [other, common],
    ] as const) {
      const revisionsBefore = await revisionsOf(database, ids);
      log(`bulk: ${ids.length.toLocaleString('en')} sheets, status ${from.label} → ${to.label} ...`);
      const measured = await run(server.url, cookie, ids, to);
      const checkedStatus = await count(database, 'select count(*)::int as n from books where id = any($1::int[]) and status_id = $2', [ids, to.id]);
      const revisionsAdded = (await revisionsOf(database, ids)) - revisionsBefore;
      runs.push({ ...measured, from: from.label, checkedStatus, revisionsAdded });
      await sleep(2000);
    }
    return { size: SIZE, version, cpu: `${os.cpus()[0]?.model ?? 'unknown'}, ${os.availableParallelism()} CPUs`, generatedSeconds, runs };
  } finally {
    await server?.stop();
    await database.close().catch(() => undefined);
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The Markdown section's lines (under its title). */
export function bulkSection(result: BulkResult): string[] {
  const row = (m: BulkMeasure, index: number) => {
    const seconds = m.totalMs / 1000;
    const verdict = m.state !== 'finished' ? `not finished (${m.state})` : seconds <= TARGET_S ? `met (≤ ${TARGET_S} s)` : `missed (> ${TARGET_S} s)`;
    return (
      `| ${index + 1} | ${m.from} → ${m.to} | ${m.rows.toLocaleString('en')} | ${m.done.toLocaleString('en')} | ${m.refused.toLocaleString('en')} | ${m.answerMs.toFixed(0)} | ${seconds.toFixed(1)} | ` +
      `${((m.rows / m.totalMs) * 1000).toFixed(0)} | ${(m.totalMs / m.rows).toFixed(2)} | ${m.checkedStatus.toLocaleString('en')} | ${m.revisionsAdded.toLocaleString('en')} | ${m.load.toFixed(2)} | ${verdict} |`
    );
  };
  const refusals = result.runs.filter((m) => m.firstRefusal).map((m) => `run ${result.runs.indexOf(m) + 1}: “${m.firstRefusal}”`);
  return [
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by bench/bulkSheets.ts, on the list suite's catalogue of ${result.size.toLocaleString('en')} reading sheets (bench/generate.ts).`,
    `Target: a bulk status change of ${ROWS.toLocaleString('en')} sheets completes in ≤ ${TARGET_S} s.`,
    '',
    `- Machine: ${result.cpu}, Node.js ${process.version}.`,
    `- Server: \`node ${START_ARGS.join(' ')}\` (the build of \`npm start\`) as a child process on ${result.version.split(' on ')[0]}.`,
    result.generatedSeconds !== undefined
      ? `- Catalogue generated in ${result.generatedSeconds.toFixed(0)} s (bench/list.ts \`prepareCatalogue\`)`
      : '- Catalogue: reused (BENCH_KEEP=1)',
    `- Client: \`POST admin/books/bulk {action: 'set', field: 'status_id', value, ids}\` with the ${ROWS.toLocaleString('en')} ids of sheets of the catalogue's most common status (by id), answered 202 with its job; \`GET admin/bulk-jobs/{id}\` every ${POLL_MS} ms until the job ends. Run 2 sets the same sheets back.`,
    '- Total: from the request sent to the first read of the job that says it ended. Checked afterwards in the database: the sheets holding the new status, and the revisions added to those sheets (one per sheet whose status changed).',
    ...(refusals.length ? [`- First refusal: ${refusals.join('; ')}.`] : []),
    '',
    '| Run | Status | Rows | Done | Refused | 202 after ms | Total s | Rows/s | ms a row | Holding the status | Revisions added | Load before | Target |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...result.runs.map(row),
    '',
  ];
}
