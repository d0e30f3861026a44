/**
 * The load suite of `npm run bench`: 50 clients (BENCH_LOAD_CLIENTS) working for 60 s
 * (BENCH_LOAD_SECONDS) against the real server as child processes on PostgreSQL, first one
 * instance, then two on the same database with the clients' requests spread over both in turn, as
 * a round-robin load balancer does. Each client logs in once, then loops over a mix of the staff's
 * calls: the catalogue list (pages, a search, a filter), a sheet, the genres, the users, the
 * dashboard, and a sheet's save (read, then saved with its version; a 409 from another client's
 * save of the same sheet is counted apart, not as an error). The database holds the demo data.
 *
 * Throughput is completed requests per second; latencies are per request, client-side, including
 * the wait for a free connection. On a 2-core machine the second instance competes with the first
 * and with PostgreSQL and the clients for the same cores: it shows the overhead, not a gain.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedDemoData } from '../server/db/seed/demo/index.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { hashPassword } from '../server/auth/passwords.js';
import { ADMIN } from '../scripts/harness/admin.js';
import { startServerProcess, type ServerProcess } from '../scripts/harness/serverProcess.js';
import { openBenchDatabase } from './benchDatabase.js';
import { log, loadLine, ms, percentile } from './stats.js';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

/** What one setup (one or two instances) did. */
export interface LoadResult {
  instances: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  conflicts: number;
  /** Requests of each kind, and their p99. */
  kinds: Record<string, { count: number; p99: number }>;
  load: [number, number];
}

type Kind = 'list' | 'search' | 'filter' | 'sheet' | 'genres' | 'users' | 'dashboard' | 'save';
/** The mix: how often each call comes, out of 100. */
const MIX: [Kind, number][] = [
  ['list', 25],
  ['search', 10],
  ['filter', 10],
  ['sheet', 20],
  ['genres', 10],
  ['users', 10],
  ['dashboard', 5],
  ['save', 10],
];

/** The route of each read of the mix, for a sheet drawn at random. */
const READS: Record<Exclude<Kind, 'save'>, (sheet: number, random: () => number) => string> = {
  list: (_sheet, random) => `books?page=${1 + Math.floor(random() * 4)}&perPage=10`,
  search: () => 'books?search=the&perPage=10',
  filter: () => 'books?statuses[]=2&quality=2&perPage=20',
  sheet: (sheet) => `books/${sheet}`,
  genres: () => 'genres?perPage=500',
  users: () => 'users?page=1&perPage=10',
  dashboard: () => 'dashboard/data',
};

function pick(random: number): Kind {
  let total = 0;
  for (const [kind, weight] of MIX) {
    total += weight;
    if (random * 100 < total) return kind;
  }
  return 'list';
}

async function login(base: string): Promise<string> {
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

/** Runs the clients against `bases` (requests spread over them in turn) for SECONDS. */
async function drive(bases: string[], sheetIds: number[]): Promise<Omit<LoadResult, 'instances' | 'load'>> {
  const latencies: number[] = [];
  const byKind = new Map<Kind, number[]>();
  let errors = 0;
  let conflicts = 0;
  let turn = 0;
  const next = () => bases[turn++ % bases.length]!;
  // One at a time: the login throttle counts an attempt before checking it, so 50 at once from one address are a burst it refuses.
  const cookies: string[] = [];
  for (let index = 0; index < CLIENTS; index++) cookies.push(await login(bases[index % bases.length]!));
  const end = performance.now() + SECONDS * 1000;

  const timed = async (kind: Kind, send: () => Promise<Response>): Promise<Response | undefined> => {
    const started = performance.now();
    try {
      const response = await send();
      await response.arrayBuffer().catch(() => undefined);
      const took = performance.now() - started;
      latencies.push(took);
      (byKind.get(kind) ?? byKind.set(kind, []).get(kind)!).push(took);
      if (response.status === 409) conflicts += 1;
      else if (response.status >= 400) errors += 1;
      return response;
    } catch {
      errors += 1;
      return undefined;
    }
  };

  const client = async (cookie: string, seed: number) => {
    let state = seed;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    while (performance.now() < end) {
      const kind = pick(random());
      const sheet = sheetIds[Math.floor(random() * sheetIds.length)]!;
      if (kind !== 'save') {
        const route = READS[kind](sheet, random);
        await timed(kind, () => fetch(`${next()}/api/admin/${route}`, { headers: { cookie } }));
        continue;
      }
      // Read, then saved back with its version, as the editor does (the answer of GET is a valid save).
      const read = await fetch(`${next()}/api/admin/books/${sheet}`, { headers: { cookie } });
      const { data } = (await read.json()) as { data: Record<string, unknown> };
      await timed(kind, () =>
        fetch(`${next()}/api/admin/books/${sheet}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ ...data, withNotification: 0 }),
        }),
      );
    }
  };
  await Promise.all(cookies.map((cookie, index) => client(cookie, index + 1)));
  const kinds = Object.fromEntries([...byKind].map(([kind, samples]) => [kind, { count: samples.length, p99: percentile(samples, 0.99) }]));
  return {
    requests: latencies.length,
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    conflicts,
    kinds,
  };
}

/** One setup: `count` instances on a fresh database with the demo data. */
export async function measureLoad(count: 1 | 2): Promise<LoadResult> {
  const { database, url, drop } = await openBenchDatabase('postgres', { name: `bench-load-${count}`, keep: false });
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  try {
    // The demo data, written here: the server seeds it on the embedded database only.
    await database.migrate();
    await seedDatabase(database.db, { demo: false });
    await seedDemoData(database.db);
    // The demo has its own administrators, so the server would not create the first one: the clients' account.
    await insertAdministrator(database.db, { firstname: 'Load', lastname: 'Client', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
    for (let index = 0; index < count; index++) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
      dirs.push(dir);
      servers.push(
        await startServerProcess({
          DATA_DIR: dir,
          DATABASE_URL: url!,
          DEMO_DATA: 'false',
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          LOG_LEVEL: 'warn',
        }),
      );
    }
    const { rows } = await database.executeSql('select id from books order by id');
    const sheetIds = rows.map((row) => Number(row.id));
    const before = os.loadavg()[0]!;
    log(`load: ${count} instance(s), ${CLIENTS} clients, ${SECONDS} s`);
    const result = await drive(
      servers.map((server) => server.url),
      sheetIds,
    );
    return { instances: count, ...result, load: [before, os.loadavg()[0]!] };
  } finally {
    for (const server of servers) await server.stop();
    await database.close();
    await drop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

export const loadIntro = () => [
  `${CLIENTS} clients for ${SECONDS} s each, against the server as child processes on PostgreSQL with the demo data (bench/load.ts):`,
  `${MIX.map(([kind, weight]) => `${kind} ${weight} %`).join(', ')}.`,
];

export function loadSection(results: LoadResult[]): string[] {
  const lines = [
    '| Instances | Requests | Throughput (req/s) | p50 | p99 | Errors | 409 conflicts |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.instances} | ${r.requests.toLocaleString('en')} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} ms | ${ms(r.p99)} ms | ${r.errors} | ${r.conflicts} |`,
    ),
    '',
    'p99 by call (ms):',
    '',
    `| Instances | ${Object.keys(results[0]?.kinds ?? {}).join(' | ')} |`,
    `|---|${Object.keys(results[0]?.kinds ?? {})
      .map(() => '---')
      .join('|')}|`,
    ...results.map(
      (r) =>
        `| ${r.instances} | ${Object.keys(results[0]!.kinds)
          .map((kind) => ms(r.kinds[kind]?.p99 ?? 0))
          .join(' | ')} |`,
    ),
    '',
    ...results.map((r) => `${loadLine(r.load).replace('- 1-minute', `- ${r.instances} instance(s): 1-minute`)}`),
  ];
  return lines;
}
