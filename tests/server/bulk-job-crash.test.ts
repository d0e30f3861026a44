import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/client.js';
import { bulkJobRows, bulkJobs, recordRevisions, users } from '../../server/db/schema/index.js';
import { startServerProcess, type ServerProcess } from '../../scripts/harness/serverProcess.js';
import { ADMIN } from '../helpers/testApp.js';
import { createTestDatabase } from '../helpers/testDatabase.js';

/**
 * The probe's case (docs/bulk-actions.md, 'Jobs'): the server is killed (SIGKILL: no shutdown, no
 * handler) while a bulk job runs. What the job says it did is what the database holds, row for
 * row; started again, the server says at once that the job was interrupted, and a resume runs the
 * rows left, each row written once. The real server as a child process, on a PGlite data dir or on
 * a PostgreSQL database of its own.
 */

const ROWS = 600;

let dataDir: string;
/** The PostgreSQL test database, open all along; undefined on PGlite (the child owns its data dir). */
let postgres: (Database & { url?: string }) | undefined;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'bulk-crash-test-'));
  if (process.env.TEST_DB === 'postgres') postgres = await createTestDatabase();
});
afterAll(async () => {
  for (const server of running) await server.stop();
  await postgres?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
    DEMO_DATA: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

/** Runs `read` on the server's database; on PGlite the data dir is opened while no server runs. */
async function withDatabase<T>(read: (database: Database) => Promise<T>): Promise<T> {
  if (postgres) return read(postgres);
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

async function login(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Job {
  id: number;
  total: number;
  done: number;
  refused: number;
  state: string;
  message: string | null;
}

async function call(
  server: ServerProcess,
  cookie: string,
  method: 'GET' | 'POST',
  route: string,
  body?: object,
): Promise<{ status: number; json: { message?: string; data: Record<string, unknown> } }> {
  const response = await fetch(`${server.url}/api/admin/${route}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as { message?: string; data: Record<string, unknown> } };
}

/** What the database holds of the job: the users validated, the rows it counts done, each user's validations written, its state. */
const stored = (jobId: number) =>
  withDatabase(async ({ db }) => {
    const accepted = (await db.select({ id: users.id }).from(users).where(eq(users.isAccepted, true))).map((row) => row.id).sort((a, b) => a - b);
    const counted = (
      await db
        .select({ id: bulkJobRows.recordId })
        .from(bulkJobRows)
        .where(and(eq(bulkJobRows.jobId, jobId), eq(bulkJobRows.done, true)))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    const [revisions] = await db
      .select({ n: count(), records: sql<number>`count(distinct ${recordRevisions.recordId})::int` })
      .from(recordRevisions)
      .where(and(eq(recordRevisions.resource, 'users'), sql`${recordRevisions.changes} ? 'is_accepted'`));
    const [job] = await db.select({ state: bulkJobs.state }).from(bulkJobs).where(eq(bulkJobs.id, jobId));
    return { accepted, counted, revisions: Number(revisions!.n), revisedRecords: Number(revisions!.records), state: job!.state };
  });

describe('a server killed during a bulk job', () => {
  it(
    'counts exactly the rows written, says at the next start that the job was interrupted, and resumes it on the rows left',
    { timeout: 300_000 },
    async () => {
      // A first run migrates and seeds; the users to validate are written while no server runs.
      await (await start()).stop();
      const ids = await withDatabase(async ({ db }) =>
        (
          await db
            .insert(users)
            .values(
              Array.from({ length: ROWS }, (_, i) => ({
                firstname: 'Crash',
                lastname: `Tester ${i + 1}`,
                email: `crash.${i + 1}@subscribers.test`,
                searchText: `crash tester ${i + 1}`,
              })),
            )
            .returning({ id: users.id })
        ).map((row) => row.id),
      );

      const crashing = await start();
      let cookie = await login(crashing);
      const started = await call(crashing, cookie, 'POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids });
      expect(started.status, JSON.stringify(started.json)).toBe(202);
      const job = started.json.data.job as Job;
      // Killed in the middle of the job, as a power cut or the OOM killer would.
      await expect
        .poll(async () => ((await call(crashing, cookie, 'GET', `bulk-jobs/${job.id}`)).json.data as unknown as Job).done, { timeout: 120_000, interval: 50 })
        .toBeGreaterThan(100);
      process.kill(crashing.pid, 'SIGKILL');
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // Every user validated is counted done, and no other; each has one validation in its history.
      const afterCrash = await stored(job.id);
      expect(afterCrash.state).toBe('running');
      expect(afterCrash.accepted.length).toBeGreaterThan(100);
      expect(afterCrash.accepted.length).toBeLessThan(ROWS);
      expect(afterCrash.counted).toEqual(afterCrash.accepted);
      expect(afterCrash.revisions).toBe(afterCrash.accepted.length);

      // Started again: the first reading says interrupted, with the exact count, not 'running'.
      const restarted = await start();
      cookie = await login(restarted);
      const read = (await call(restarted, cookie, 'GET', `bulk-jobs/${job.id}`)).json.data as unknown as Job;
      const done = afterCrash.accepted.length;
      expect(read).toMatchObject({ state: 'interrupted', total: ROWS, done, refused: 0 });
      expect(read.message).toBe(
        `The action ran on ${done.toLocaleString('en')} of 600 rows: its server stopped before the end. Resume it to run it on the ${(ROWS - done).toLocaleString('en')} rows left.`,
      );

      const resumed = await call(restarted, cookie, 'POST', `bulk-jobs/${job.id}/resume`);
      expect(resumed.status, JSON.stringify(resumed.json)).toBe(202);
      expect(resumed.json.message).toBe(`The action runs again on the ${(ROWS - done).toLocaleString('en')} rows left, in the background.`);
      expect((resumed.json.data.job as Job).state).toBe('running');
      await expect
        .poll(async () => ((await call(restarted, cookie, 'GET', `bulk-jobs/${job.id}`)).json.data as unknown as Job).state, {
          timeout: 180_000,
          interval: 200,
        })
        .toBe('finished');
      const final = (await call(restarted, cookie, 'GET', `bulk-jobs/${job.id}`)).json.data as unknown as Job;
      expect(final).toMatchObject({ total: ROWS, done: ROWS, refused: 0, message: null });
      await restarted.stop();

      // Every user validated once: the rows done before the crash were not run again.
      const end = await stored(job.id);
      expect(end.accepted).toEqual([...ids].sort((a, b) => a - b));
      expect(end.counted).toEqual(end.accepted);
      expect(end.revisions).toBe(ROWS);
      expect(end.revisedRecords).toBe(ROWS);
    },
  );
});
