import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, loggerOptions } from '../../server/http/loggerOptions.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** Every line the app logged, as written. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
beforeAll(async () => {
  // Only a level and a stream, as a caller would pass them: the redaction comes from buildApp.
  t = await createTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(async () => t.close());

describe('secrets never reach the log', () => {
  it('logs a failing administrator save with its SQL and database error, never the password, its hash, the cookie or the query string', async () => {
    // The insert fails in the database, after the password was hashed and bound to the query.
    await t.database.db.execute(sql`alter table administrators add constraint administrators_refused check (firstname <> 'Refused')`);
    const cookie = await t.login();
    lines.length = 0;
    const password = 'a very secret password';
    const response = await t.as(cookie, {
      method: 'POST',
      url: '/api/admin/administrators?token=query-secret-value',
      headers: { authorization: 'Bearer header-secret-value' },
      payload: { firstname: 'Refused', lastname: 'Admin', email: 'refused@scouting.test', password },
    });
    expect(response.statusCode, response.body).toBe(500);

    const log = lines.join('\n');
    for (const secret of ['$argon2', password, cookie.split('=')[1]!, 'query-secret-value', 'header-secret-value', 'Failing row contains']) {
      expect(log).not.toContain(secret);
    }
    const entries = logged();
    expect(entries.find((entry) => entry.msg === 'incoming request')?.req).toMatchObject({ method: 'POST', url: '/api/admin/administrators' });
    const { err } = entries.find((entry) => entry.msg === 'unhandled error') as { err: Record<string, unknown> & { cause: Record<string, unknown> } };
    // What is needed to understand the failure stays: the SQL text and the database's code and message.
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toMatch(/^Failed query: insert into "administrators" .*values \(default, \$1, \$2, \$3, \$4/);
    expect(err.query).toMatch(/^insert into "administrators"/);
    expect(err.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "administrators"[^\n]*\n\s+at /);
    expect(err).not.toHaveProperty('params');
    expect(err.cause).toMatchObject({
      type: 'DatabaseError',
      code: '23514',
      constraint: 'administrators_refused',
      table: 'administrators',
      message: 'new row for relation "administrators" violates check constraint "administrators_refused"',
    });
    expect(err.cause).not.toHaveProperty('params');
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('redacts passwords, password hashes, cookies and authorization in any logged object', async () => {
    lines.length = 0;
    t.app.log.info(
      {
        password: 'secret-1',
        passwordHash: 'secret-2',
        body: { password: 'secret-3', password_hash: 'secret-4' },
        record: { admin: { passwordHash: 'secret-5' } },
        headers: { cookie: 'secret-6', authorization: 'secret-7', 'proxy-authorization': 'secret-8' },
        reply: { headers: { 'set-cookie': 'secret-9' } },
        request: { cookies: { admin_session: 'secret-10' } },
      },
      'objects carrying secrets',
    );
    const log = lines.join('\n');
    expect(log).toContain('objects carrying secrets');
    expect(log).toContain('[Redacted]');
    expect(log).not.toMatch(/secret-\d/);
  });

  it('keeps the redaction and serializers whatever options a caller gives', () => {
    const options = loggerOptions({
      level: 'debug',
      redact: ['apiKey'],
      serializers: { err: (error) => ({ type: 'Mine', message: error.message, stack: '', params: ['secret'] }) },
    });
    expect(options).toMatchObject({ level: 'debug' });
    const { redact, serializers } = options as { redact: { paths: string[] }; serializers: Record<string, unknown> };
    expect(redact.paths).toEqual(expect.arrayContaining([...LOG_REDACT_PATHS, 'apiKey']));
    expect(serializers.err).not.toBe(undefined);
    expect((serializers.err as (error: Error) => unknown)(Object.assign(new Error('x'), { params: ['secret'] }))).not.toHaveProperty('params');
    expect(loggerOptions(false)).toBe(false);
  });
});
