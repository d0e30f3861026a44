/**
 * The start suite of `npm run bench`: how long the server takes to start on an existing data
 * folder (the embedded database, PGlite, with the demo data), from spawning the process as the
 * project's `npm start` does after its build (`node --enable-source-maps dist/server/main.js`, the
 * server bundled by vite.server.config.ts; `npm run bench` builds it first) until
 * `GET /api/health/ready` answers 200, polled every POLL_MS.
 *
 * The folder is prepared by one first start (migrations, reference and demo seeds), not counted.
 * Then BENCH_START_CLEAN_RUNS (3) restarts after a clean stop (SIGTERM, the graceful shutdown) and
 * BENCH_START_RUNS (7) restarts after a crash (SIGKILL: the database was not closed, PGlite
 * recovers from its write-ahead log), each start measured once.
 *
 * Where a start spends its time comes from the server's own `started` log line (server/main.ts:
 * its clock at the end of each step) and from a baseline: Node and no module
 * of the app, timed the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { log, ms, stats, type Stats } from './stats.js';
import { START_ARGS } from '../scripts/harness/startCommand.js';

const CRASH_RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const CLEAN_RUNS = Number(process.env.BENCH_START_CLEAN_RUNS ?? 3);
const BASELINE_RUNS = 5;
const POLL_MS = 10;
const START_TIMEOUT_MS = 120_000;

/** Target of the issue: ready within 2 s of the spawn. */
export const START_TARGET_MS = 2000;

/** The steps of server/main.ts's `startupMs`, in order, with what each covers. */
const STEPS = [
  ['modules', 'Node and every module of the built server (the database opening meanwhile)'],
  ['database', "the rest of PGlite's opening: its WebAssembly Postgres started (after a crash, its recovery)"],
  ['migrations', 'migrations check (drizzle reads its journal, none to apply)'],
  ['seeds', 'reference lists and AI prompts upserted, demo data check'],
  ['app', 'buildApp: screen definitions loaded and checked, Fastify plugins and routes registered'],
  ['administrator', 'first administrator check'],
  ['jobs', 'outbox, upload and session cleanup loops started (their first runs go on in the background)'],
  ['ready', "Fastify ready: its onReady hooks (the routes' validators and serialisers are compiled on first use)"],
  ['listening', 'listening on the port'],
] as const;
type Step = (typeof STEPS)[number][0];

type StopKind = 'crash' | 'clean';

/** One measured start. */
interface StartSample {
  kind: StopKind;
  /** Spawn to the first 200 of the readiness check. */
  totalMs: number;
  /** Spawn to the server process's own clock origin (process creation, Node's earliest start). */
  spawnMs: number;
  /** Duration of each step of server/main.ts. */
  steps: Record<Step, number>;
  /** How long PGlite's opening took, alongside the modules' loading (`configured` to `opened`). */
  openingMs: number;
  /** Listening to the first 200 seen by the poll (the readiness check itself, and the poll's gap). */
  answerMs: number;
}

interface StartKindResult {
  kind: StopKind;
  runs: number;
  total: Stats;
  /** Median of each part, in the order of the start. */
  parts: { name: string; median: number }[];
  /** PGlite's opening, alongside the modules (median; not a part of its own). */
  opening: number;
}

export interface StartResult {
  node: string;
  load: [number, number];
  /** The first start on an empty folder (migrations and seeds from nothing), not counted. */
  firstStartMs: number;
  /** Node and no module of the app: process start to its first line, median. */
  baselineMs: number;
  /** How long the clean stops took (SIGTERM to exit), median. */
  cleanStopMs: number;
  kinds: StartKindResult[];
}

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

/** A port free now (the server is given a fixed one so that it can be polled from the spawn on). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

/** Spawns the server on `dataDir` and times it until its readiness check answers 200. */
async function startServer(dataDir: string): Promise<{ running: Running; totalMs: number; spawnEpoch: number; port: number }> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, START_ARGS, {
    cwd: process.cwd(),
    // The defaults otherwise (demo data on, the built client served when there is one, info logs: the `started` line).
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let ended = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      ended = true;
      resolve();
    }),
  );
  const running = { child, exited, output: () => output };
  const url = `http://127.0.0.1:${port}/api/health/ready`;
  for (;;) {
    if (ended) throw new Error(`the server ended before it was ready:\n${output}`);
    if (performance.now() - spawnedAt > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready after ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await sleep(POLL_MS);
  }
  return { running, totalMs: performance.now() - spawnedAt, spawnEpoch: performance.timeOrigin + spawnedAt, port };
}

/** The server's `started` log line: its clock at the end of each step, and when it was written. */
type StartupMs = Record<Step | 'configured' | 'opened', number>;

async function startedLine(running: Running): Promise<{ startupMs: StartupMs; time: number }> {
  for (let i = 0; i < 100; i += 1) {
    for (const line of running.output().split('\n')) {
      if (!line.startsWith('{"') || !line.includes('"startupMs"')) continue;
      let entry: { msg?: string; time?: number; startupMs?: StartupMs };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue; // the line's end not read yet
      }
      if (entry.msg === 'started' && entry.startupMs && entry.time) return { startupMs: entry.startupMs, time: entry.time };
    }
    await sleep(10);
  }
  throw new Error(`no 'started' line in the server's output (server/main.ts):\n${running.output()}`);
}

/** Ends the server: SIGKILL (a crash) or SIGTERM (the graceful stop, which must exit 0); the stop's time. */
async function stopServer(running: Running, kind: StopKind): Promise<number> {
  const at = performance.now();
  const code = new Promise<number | null>((resolve) => running.child.once('exit', (exitCode) => resolve(exitCode)));
  running.child.kill(kind === 'crash' ? 'SIGKILL' : 'SIGTERM');
  await running.exited;
  if (kind === 'clean' && (await code) !== 0) throw new Error(`the graceful stop ended with code ${await code}:\n${running.output()}`);
  return performance.now() - at;
}

/** One start measured, with its steps from the server's log. */
async function timedStart(dataDir: string, kind: StopKind): Promise<{ sample: StartSample; running: Running }> {
  const { running, totalMs, spawnEpoch } = await startServer(dataDir);
  const { startupMs, time } = await startedLine(running);
  // The log's time (epoch ms) was taken right after its `listening` mark: the process's clock origin in epoch ms.
  const spawnMs = Math.max(0, time - startupMs.listening - spawnEpoch);
  const steps = {} as Record<Step, number>;
  let previous = 0;
  for (const [step] of STEPS) {
    steps[step] = startupMs[step] - previous;
    previous = startupMs[step];
  }
  const openingMs = startupMs.opened - startupMs.configured;
  return { sample: { kind, totalMs, spawnMs, steps, openingMs, answerMs: Math.max(0, totalMs - spawnMs - startupMs.listening) }, running };
}

/** Node and an empty module, with the same flags: process start to its first line (ms). */
async function baseline(): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < BASELINE_RUNS; i += 1) {
    const child = spawn(process.execPath, ['--enable-source-maps', '--input-type=module', '--eval', 'process.stdout.write(String(performance.now()))'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    samples.push(Number(output));
  }
  return stats(samples).median;
}

function summarise(kind: StopKind, samples: StartSample[], baselineMs: number): StartKindResult {
  const median = (values: number[]) => stats(values).median;
  const modules = median(samples.map((s) => s.steps.modules));
  return {
    kind,
    runs: samples.length,
    total: stats(samples.map((s) => s.totalMs)),
    parts: [
      { name: 'spawn: the process created, Node started (before its clock origin)', median: median(samples.map((s) => s.spawnMs)) },
      { name: 'Node, no module of the app (the baseline)', median: Math.min(baselineMs, modules) },
      { name: "the built server's modules and the packages they import (PGlite opening meanwhile)", median: Math.max(0, modules - baselineMs) },
      ...STEPS.filter(([step]) => step !== 'modules').map(([step, what]) => ({ name: `${step}: ${what}`, median: median(samples.map((s) => s.steps[step])) })),
      { name: 'the readiness check answered (from listening to the first 200, polled every 10 ms)', median: median(samples.map((s) => s.answerMs)) },
    ],
    opening: median(samples.map((s) => s.openingMs)),
  };
}

/** Prepares a data folder with a first start, then measures restarts after clean stops and after crashes. */
export async function measureStart(): Promise<StartResult> {
  if (!fs.existsSync(START_ARGS.at(-1)!)) throw new Error(`${START_ARGS.at(-1)!} is missing: build first (npm run build; npm run bench does).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const loadBefore = os.loadavg()[0]!;
  let current: Running | undefined;
  try {
    log('start: first start on an empty folder (migrations, seeds, demo data) ...');
    const first = await startServer(dataDir);
    current = first.running;
    await stopServer(current, 'clean');
    current = undefined;
    log(`start: first start ${ms(first.totalMs)} ms (not counted)`);
    const baselineMs = await baseline();

    const samples: Record<StopKind, StartSample[]> = { clean: [], crash: [] };
    const cleanStops: number[] = [];
    // After the clean series, the last start is killed: the crash series follows a crash from its first start.
    const plan: StopKind[] = [...Array<StopKind>(CLEAN_RUNS).fill('clean'), ...Array<StopKind>(CRASH_RUNS).fill('crash')];
    for (let i = 0; i < plan.length; i += 1) {
      const kind = plan[i]!;
      const { sample, running } = await timedStart(dataDir, kind);
      current = running;
      samples[kind].push(sample);
      log(
        `start   after ${kind === 'crash' ? 'a crash     ' : 'a clean stop'} ${ms(sample.totalMs).padStart(7)} ms  (${STEPS.map(([step]) => `${step} ${sample.steps[step]}`).join(', ')}; PGlite opening ${sample.openingMs})`,
      );
      const stop = plan[i + 1] ?? 'clean';
      const took = await stopServer(running, stop);
      if (stop === 'clean') cleanStops.push(took);
      current = undefined;
    }
    return {
      node: process.version,
      load: [loadBefore, os.loadavg()[0]!],
      firstStartMs: first.totalMs,
      baselineMs,
      cleanStopMs: stats(cleanStops).median,
      kinds: (['crash', 'clean'] as const).filter((kind) => samples[kind].length > 0).map((kind) => summarise(kind, samples[kind], baselineMs)),
    };
  } finally {
    if (current) await stopServer(current, 'crash');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const KIND_NAMES: Record<StopKind, string> = { crash: 'After a crash (SIGKILL)', clean: 'After a clean stop (SIGTERM)' };

/** The Markdown section of the start figures. */
export function startSection(result: StartResult): string[] {
  const met = (value: number) => (value <= START_TARGET_MS ? `met (p95 ≤ ${START_TARGET_MS})` : `**missed** (p95 ≤ ${START_TARGET_MS})`);
  const kinds = result.kinds;
  return [
    `- \`node ${START_ARGS.join(' ')}\` (Node.js ${result.node}; \`npm start\` after its build), the embedded database (PGlite) in an existing data folder with the demo data, the built client served; timed from the spawn to the first 200 of \`GET /api/health/ready\`, polled every ${POLL_MS} ms.`,
    `- The folder prepared by a first start on an empty folder (migrations, reference and demo seeds): ${ms(result.firstStartMs)} ms, not counted. A clean stop (SIGTERM to exit) took ${ms(result.cleanStopMs)} ms (median).`,
    `- 1-minute load average: ${result.load[0].toFixed(2)} before, ${result.load[1].toFixed(2)} after (${os.availableParallelism()} CPUs).`,
    '',
    '| Start | Runs | Median | p95 | Max | Target |',
    '|---|---:|---:|---:|---:|---|',
    ...kinds.map((k) => `| ${KIND_NAMES[k.kind]} | ${k.runs} | ${ms(k.total.median)} | ${ms(k.total.p95)} | ${ms(k.total.max)} | ${met(k.total.p95)} |`),
    '',
    "**Where the start spends its time** (ms, medians of each part; they add up to about the median start): the server's own clock at the end of each step of server/main.ts (its `started` log line, `startupMs`); Node alone measured apart (an empty module, same flags).",
    '',
    `| Part | ${kinds.map((k) => KIND_NAMES[k.kind]).join(' | ')} |`,
    `|---|${kinds.map(() => '---:').join('|')}|`,
    ...kinds[0]!.parts.map((part, i) => `| ${part.name} | ${kinds.map((k) => Math.round(k.parts[i]!.median)).join(' | ')} |`),
    `| **total** (median start) | ${kinds.map((k) => `**${Math.round(k.total.median)}**`).join(' | ')} |`,
    `| alongside the modules, not added: PGlite's opening (its WebAssembly Postgres compiled and started; after a crash, its recovery) | ${kinds.map((k) => Math.round(k.opening)).join(' | ')} |`,
    '',
  ];
}
