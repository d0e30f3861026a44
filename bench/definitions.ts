/**
 * The definitions suite of `npm run bench`: the cost of checking what staff publish, from the
 * built server (`node dist/server/main.js`, as `npm start` runs it) on a fresh embedded database,
 * over HTTP with a session cookie (docs/security.md, "Definitions are untrusted input").
 *
 * - The reading-sheet editor's definition, the largest real one: BENCH_CHECK_RUNS checks
 *   (`POST admin/screens/readingSheet/check`), their median and p95. Target: p95 ≤ 200 ms.
 * - The worst definitions the bounds let staff write (bench/definitionCases.ts), each checked
 *   BENCH_WORST_RUNS times, and the worst of them published (the publish also builds and loads the
 *   browser's validators module), while a second client asks `GET /api/health` again as soon as
 *   each answer arrives: the health checks' latency during them. Target: ≤ 100 ms.
 *
 * Environment: BENCH_CHECK_RUNS (50), BENCH_WORST_RUNS (10).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN } from '../scripts/harness/admin.js';
import { definitionCases, worstSheet } from './definitionCases.js';
import { login, startBuiltServer } from './exportList.js';
import { log, ms, stats, type Stats } from './stats.js';

const CHECK_RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 50);
const WORST_RUNS = Number(process.env.BENCH_WORST_RUNS ?? 10);
const CHECK_TARGET_MS = 200;
const HEALTH_TARGET_MS = 100;

/** One case measured: its checks, and the health checks answered meanwhile. */
interface CaseMeasure {
  name: string;
  bytes: number;
  problems: number;
  check: Stats;
  health: Stats & { count: number };
}

export interface DefinitionsResult {
  sheet: CaseMeasure;
  worst: CaseMeasure[];
  publish: CaseMeasure;
  load: [number, number];
}

/** Times `task` `runs` times, one after the other, while another client asks for the health check back to back. */
async function measure(base: string, name: string, runs: number, task: () => Promise<{ problems: number; bytes: number }>): Promise<CaseMeasure> {
  const health: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      health.push(performance.now() - start);
    }
  })();
  const times: number[] = [];
  let last = { problems: 0, bytes: 0 };
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    last = await task();
    times.push(performance.now() - start);
  }
  running = false;
  await prober;
  return { name, bytes: last.bytes, problems: last.problems, check: stats(times), health: { ...stats(health), count: health.length } };
}

export async function measureDefinitions(): Promise<DefinitionsResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-definitions-'));
  const load0 = os.loadavg()[0]!;
  const server = await startBuiltServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const cookie = await login(server.url);
    const post = async (url: string, body: unknown) => {
      const text = JSON.stringify(body);
      const response = await fetch(`${server.url}/api/admin/${url}`, {
        method: url.endsWith('/draft') ? 'PUT' : 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        body: text,
      });
      const answer = (await response.json()) as { errors?: unknown };
      if (response.status >= 500) throw new Error(`${url}: ${response.status} ${JSON.stringify(answer)}`);
      const problems = Array.isArray(answer.errors)
        ? answer.errors.length
        : answer.errors && typeof answer.errors === 'object'
          ? Object.keys(answer.errors).length
          : 0;
      return { problems, bytes: Buffer.byteLength(text), status: response.status };
    };
    const check = (screen: string, definition: unknown) => () => post(`screens/${screen}/check`, { definition, labels: {} });
    const [shipped, ...worstCases] = definitionCases();
    // Warm: the server's first compilations.
    for (let i = 0; i < 5; i++) await check(shipped!.screen, shipped!.definition)();
    log('definitions: the reading sheet’s check');
    const sheet = await measure(server.url, shipped!.name, CHECK_RUNS, check(shipped!.screen, shipped!.definition));
    const worst: CaseMeasure[] = [];
    for (const item of worstCases) {
      log(`definitions: ${item.name}`);
      worst.push(await measure(server.url, item.name, WORST_RUNS, check(item.screen, item.definition)));
    }
    log('definitions: publishing the reading sheet at its bounds');
    const definition = worstSheet();
    let published = 0;
    const publish = await measure(
      server.url,
      'publishing the reading sheet at its bounds (its validators module built and loaded)',
      Math.max(3, Math.floor(WORST_RUNS / 2)),
      async () => {
        const draft = await post('screens/readingSheet/draft', { definition, labels: {} });
        const answer = await post('screens/readingSheet/publish', { baseVersion: published, comment: 'bench' });
        if (answer.status !== 200) throw new Error(`publish refused: ${answer.status}`);
        published++;
        return { problems: answer.problems, bytes: draft.bytes };
      },
    );
    return { sheet, worst, publish, load: [load0, os.loadavg()[0]!] };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const row = (item: CaseMeasure) =>
  `| ${item.name} | ${(item.bytes / 1024).toFixed(0)} KB | ${item.problems} | ${ms(item.check.median)} | ${ms(item.check.p95)} | ${item.health.count} | ${ms(item.health.median)} | ${ms(item.health.p95)} | ${ms(item.health.max)} |`;

export function definitionsSection(result: DefinitionsResult): string[] {
  const all = [result.sheet, ...result.worst, result.publish];
  const healthP95 = Math.max(...all.map((item) => item.health.p95));
  return [
    `Measured on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by bench/definitions.ts: the built server on a fresh embedded database, over HTTP. Targets: the reading sheet's check p95 ≤ ${CHECK_TARGET_MS} ms; a health check during a worst-case check ≤ ${HEALTH_TARGET_MS} ms.`,
    '',
    '| definition | size | problems | check median (ms) | check p95 (ms) | health checks | health median (ms) | health p95 (ms) | health max (ms) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...all.map(row),
    '',
    `- The reading sheet's check: p95 ${ms(result.sheet.check.p95)} ms (target ${CHECK_TARGET_MS}: ${result.sheet.check.p95 <= CHECK_TARGET_MS ? 'met' : 'missed'}).`,
    `- Health checks during the worst checks and publishes: p95 ${ms(healthP95)} ms, max ${ms(Math.max(...all.map((item) => item.health.max)))} ms (target ${HEALTH_TARGET_MS}: p95 ${healthP95 <= HEALTH_TARGET_MS ? 'met' : 'missed'}).`,
    `- 1-minute load average: ${result.load[0].toFixed(2)} before, ${result.load[1].toFixed(2)} after (${os.availableParallelism()} CPUs).`,
  ];
}
