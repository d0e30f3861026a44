import { spawn } from 'node:child_process';
import os from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { bulkJobRows, bulkJobs, recordRevisions, screenVersions, users } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { THIS_RUNNER } from '../../server/engine/bulk/jobRunner.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Bulk jobs after their server stopped (docs/bulk-actions.md, 'Jobs'): the count each row's
 * transaction wrote, the job read as interrupted as soon as its server is known gone and marked so
 * at start, and `POST admin/bulk-jobs/{id}/resume` running the rows not yet handled, once each.
 * The real process kill is tests/server/bulk-job-crash.test.ts.
 */

interface Job {
  id: number;
  total: number;
  done: number;
  refused: number;
  state: string;
  message: string | null;
  rows: { id: number; done: boolean; message?: string }[];
}

describe('bulk jobs a stopped server left, and their resume', () => {
  let t: TestApp;
  let cookie: string;
  let administratorId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
  const job = async (id: number) => (await call('GET', `bulk-jobs/${id}`)).json().data as Job;
  const until = (id: number, state: string) => expect.poll(async () => (await job(id)).state, { timeout: 60_000, interval: 100 }).toBe(state);
  const newUsers = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await insertUser(t.database.db, { isAccepted: false }));
    return ids;
  };
  const accepted = async (ids: number[]) =>
    (
      await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isAccepted, true)))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
  const validations = async (ids: number[]) =>
    Number(
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(recordRevisions)
          .where(and(eq(recordRevisions.resource, 'users'), inArray(recordRevisions.recordId, ids), sql`${recordRevisions.changes} ? 'is_accepted'`))
      )[0]!.n,
    );
  /** Starts a job validating these users and stops its server's taking of rows once `after` of them are written. */
  const interruptedJob = async (ids: number[], after: number) => {
    let writes = 0;
    const unobserve = t.app.recordWrites.observe(async (_tx, write) => {
      if (write.resource === 'users' && ++writes === after) t.app.shuttingDown = true;
    });
    try {
      const started = await call('POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids });
      expect(started.statusCode, started.body).toBe(202);
      const { id } = started.json().data.job as Job;
      await until(id, 'interrupted');
      return id;
    } finally {
      unobserve();
      t.app.shuttingDown = false;
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    administratorId = (await call('GET', 'me')).json().data.id;
  });
  afterAll(async () => t?.close());

  it('resumes an interrupted job on the rows left: each row written once, the count exact, the refused rows kept', async () => {
    const ids = [...(await newUsers(110)), 2_000_000];
    const id = await interruptedJob(ids, 10);
    const stopped = await job(id);
    expect(stopped.done).toBeGreaterThanOrEqual(10);
    expect(stopped.done).toBe((await accepted(ids)).length);
    expect(stopped.message).toBe(
      `The action ran on ${stopped.done + stopped.refused} of 111 rows: its server stopped before the end. Resume it to run it on the ${111 - stopped.done - stopped.refused} rows left.`,
    );

    const resumed = await call('POST', `bulk-jobs/${id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(202);
    expect(resumed.json().data.job).toMatchObject({ id, state: 'running', done: stopped.done });
    await until(id, 'finished');
    const end = await job(id);
    expect(end).toMatchObject({
      total: 111,
      done: 110,
      refused: 1,
      message: null,
      rows: [{ id: 2_000_000, done: false, message: 'This row no longer exists.' }],
    });
    expect(await accepted(ids)).toEqual(ids.slice(0, 110).sort((a, b) => a - b));
    // The rows done before the stop were not run again: one validation each.
    expect(await validations(ids)).toBe(110);
    expect(
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bulkJobRows)
        .where(eq(bulkJobRows.jobId, id)),
    ).toEqual([{ n: 111 }]);
  }, 90_000);

  it('refuses a resume in words: a job still running, one with nothing left, another administrator’s', async () => {
    const ids = await newUsers(3);
    // A job this server runs, as far as the database tells.
    const [running] = await t.database.db
      .insert(bulkJobs)
      .values({ screen: 'users', request: { action: 'set', field: 'is_accepted', value: true }, administratorId, total: ids.length, ids, runner: THIS_RUNNER })
      .returning();
    const refused = await call('POST', `bulk-jobs/${running!.id}/resume`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This action is still running: it can be resumed only once it has stopped.');
    expect((await job(running!.id)).state).toBe('running');
    // Gone again, or once it has been quiet for a while it would read as lost in the next case.
    await t.database.db.delete(bulkJobs).where(eq(bulkJobs.id, running!.id));

    // Stopped with more rows left than run at once (BULK_ROWS_AT_ONCE), so some are never taken.
    const id = await interruptedJob(await newUsers(110), 100);
    await call('POST', `bulk-jobs/${id}/resume`);
    await until(id, 'finished');
    const ended = await call('POST', `bulk-jobs/${id}/resume`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('This action has ended: no row is left to run.');

    await insertAdministrator(t.database.db, {
      firstname: 'Col',
      lastname: 'League',
      email: 'colleague.resume@scouting.test',
      passwordHash: await hashPassword('another good password'),
    });
    const colleague = await t.login('colleague.resume@scouting.test', 'another good password');
    const theirs = await t.as(colleague, { method: 'POST', url: `/api/admin/bulk-jobs/${id}/resume` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Bulk action not found');
  }, 90_000);

  it('a job whose server is gone reads as interrupted at once, is marked so at start, and resumes', async () => {
    const ids = await newUsers(8);
    // What a killed server leaves: its job marked running, three rows done in their transactions.
    await t.database.db
      .update(users)
      .set({ isAccepted: true })
      .where(inArray(users.id, ids.slice(0, 3)));
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const [left] = await t.database.db
      .insert(bulkJobs)
      .values({
        screen: 'users',
        request: { action: 'set', field: 'is_accepted', value: true },
        administratorId,
        total: ids.length,
        ids,
        runner: `${os.hostname()}/${deadPid}/0a0a0a0a0a0a`,
      })
      .returning();
    await t.database.db.insert(bulkJobRows).values(ids.slice(0, 3).map((recordId, position) => ({ jobId: left!.id, position, recordId, done: true })));

    expect(await job(left!.id)).toMatchObject({
      state: 'interrupted',
      done: 3,
      refused: 0,
      message: 'The action ran on 3 of 8 rows: its server stopped before the end. Resume it to run it on the 5 rows left.',
    });
    expect(await t.app.bulkJobs.reconcile()).toBe(1);
    expect((await t.database.db.select({ state: bulkJobs.state }).from(bulkJobs).where(eq(bulkJobs.id, left!.id)))[0]!.state).toBe('interrupted');

    const resumed = await call('POST', `bulk-jobs/${left!.id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(202);
    expect(resumed.json().message).toBe('The action runs again on the 5 rows left, in the background.');
    await until(left!.id, 'finished');
    expect(await job(left!.id)).toMatchObject({ done: 8, refused: 0 });
    expect(await accepted(ids)).toEqual([...ids].sort((a, b) => a - b));
    // Only the rows left were written by the resume.
    expect(await validations(ids.slice(0, 3))).toBe(0);
    expect(await validations(ids.slice(3))).toBe(5);
  }, 60_000);

  it('checks the action again before it resumes: one the list no longer offers is refused in words, and the job stays as it was', async () => {
    const ids = await newUsers(104);
    const id = await interruptedJob(ids, 5);
    const before = await job(id);
    // A later version of the users' screen takes its bulk actions away.
    const definition = structuredClone(loadScreenFiles().get('users')!) as { list: { bulkActions?: unknown } };
    delete definition.list.bulkActions;
    await t.database.db.insert(screenVersions).values({ screen: 'users', version: 1, definition, labels: null, authorName: 'Staff Member', baseVersion: 0 });
    const refused = await call('POST', `bulk-jobs/${id}/resume`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.field).toEqual(['This list has no bulk action.']);
    expect(await job(id)).toEqual(before);
    expect((await accepted(ids)).length).toBe(before.done);
  }, 60_000);
});

describe('a bulk job another server took over', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });
  const accepted = async (ids: number[]) =>
    (
      await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isAccepted, true)))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
  });
  afterAll(async () => t?.close());

  it('a job taken over by another server writes no row after it: the row being written rolls back, the count stays exact', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 110; i++) ids.push(await insertUser(t.database.db, { isAccepted: false }));
    let writes = 0;
    let jobId: number | undefined;
    const unobserve = t.app.recordWrites.observe(async (_tx, write) => {
      // Twenty rows after its answer another server takes the job over (its own transaction, once this row's has ended).
      if (write.resource === 'users' && jobId !== undefined && ++writes === 20) {
        const taken = jobId;
        setImmediate(() => void t.database.db.update(bulkJobs).set({ runner: 'another-host/1/0b0b0b0b0b0b' }).where(eq(bulkJobs.id, taken)).execute());
      }
    });
    try {
      const started = await call('POST', 'users/bulk', { action: 'set', field: 'is_accepted', value: true, ids });
      jobId = (started.json().data.job as Job).id;
      await expect
        .poll(async () => (await t.database.db.select({ runner: bulkJobs.runner }).from(bulkJobs).where(eq(bulkJobs.id, jobId!)))[0]!.runner, {
          timeout: 60_000,
        })
        .toBe('another-host/1/0b0b0b0b0b0b');
      // This server's rows running then end, or roll back; none is taken after.
      await t.app.bulkJobs.stop();
    } finally {
      unobserve();
    }
    const written = await accepted(ids);
    expect(written.length).toBeLessThan(110);
    const counted = (await t.database.db.select({ id: bulkJobRows.recordId }).from(bulkJobRows).where(eq(bulkJobRows.jobId, jobId)))
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(counted).toEqual(written);
  }, 60_000);
});
