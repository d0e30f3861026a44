import { request } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { books, demands } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { startS3rver, type S3rverProcess } from '../helpers/s3rverProcess.js';
import { png } from '../helpers/png.js';
import { startServerProcess, type ServerProcess } from '../../scripts/harness/serverProcess.js';
import { startSmtp, type TestSmtp } from '../helpers/smtpServer.js';
import { insertUser } from '../helpers/subscribers.js';
import { ADMIN } from '../helpers/testApp.js';
import { createTestDatabase } from '../helpers/testDatabase.js';
import { multipart, sample, type Part } from '../server/book-sheet-fixtures.js';

/**
 * Two server processes on one PostgreSQL and one S3 server, as behind a load balancer: what one
 * instance did, the other sees (sessions, files, versions, the login throttle), what both run in
 * the background happens once (mails), and each stops gracefully.
 */
describe('two instances on one PostgreSQL and one S3 server', () => {
  let database: Database & { url?: string };
  let s3: S3rverProcess;
  const BUCKET = 'admin-files';
  let smtp: TestSmtp;
  let a: ServerProcess;
  let b: ServerProcess;
  const dataDirs: string[] = [];

  async function start(name: string): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `instance-${name}-`));
    dataDirs.push(dataDir);
    return startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      DEMO_DATA: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Scouting News <news@scouting.test>',
      OUTBOX_INTERVAL_MS: '150',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3rver([BUCKET]);
    smtp = await startSmtp();
    // Started together, as a deploy does: they migrate and seed one after the other.
    [a, b] = await Promise.all([start('a'), start('b')]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a, b].map((server) => server?.stop()));
    await s3?.close();
    await smtp?.close();
    await database?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  async function login(server: ServerProcess, email = ADMIN.email, password = ADMIN.password): Promise<Response> {
    return fetch(`${server.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
  }
  async function session(server: ServerProcess): Promise<string> {
    const response = await login(server);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  }
  const call = (server: ServerProcess, cookie: string, method: string, route: string, body?: unknown) =>
    fetch(`${server.url}/api/admin/${route}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  function postForm(server: ServerProcess, cookie: string, route: string, parts: Part[]): Promise<Response> {
    const { payload, headers } = multipart(parts);
    return fetch(`${server.url}/api/admin/${route}`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
  }

  it('answers ready on both: database and file storage', async () => {
    for (const server of [a, b]) {
      const response = await fetch(`${server.url}/api/health/ready`);
      expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
      expect(response.status).toBe(200);
    }
  });

  it('keeps a login made on A valid on B, and a logout on B ends it on A', async () => {
    const cookie = await session(a);
    const me = await call(b, cookie, 'GET', 'me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(ADMIN.email);
    expect((await call(b, cookie, 'POST', 'auth/logout', {})).status).toBe(200);
    expect((await call(a, cookie, 'GET', 'me')).status).toBe(401);
  });

  it('serves from B a file uploaded through A (object storage, nothing on either disk)', async () => {
    const cookie = await session(a);
    const image = png(12, [10, 120, 200]);
    const created = await postForm(a, cookie, 'news', [
      { name: 'title', value: 'Shared image' },
      { name: 'description', value: '<p>Across instances</p>' },
      { name: 'type', value: '1' },
      { name: 'image', filename: 'shared.png', content: image },
    ]);
    expect(created.status, await created.clone().text()).toBe(200);
    const { image: imageUrl } = ((await created.json()) as { data: { image: string } }).data;
    const served = await fetch(`${b.url}${imageUrl}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    for (const dir of dataDirs) expect(await readdir(path.join(dir, 'files')).catch(() => [])).toEqual([]);
  });

  it('refuses on B a save of a sheet based on a version A has replaced (409)', async () => {
    const cookie = await session(a);
    const created = await call(a, cookie, 'POST', 'books', { original_title: 'Two desks' });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id, version } = ((await created.json()) as { data: { id: number; version: number } }).data;
    const readOnB = ((await (await call(b, cookie, 'GET', `books/${id}`)).json()) as { data: { version: number } }).data;
    expect(readOnB.version).toBe(version);
    expect((await call(a, cookie, 'POST', `books/${id}`, { original_title: 'Saved on A', version })).status).toBe(200);
    const stale = await call(b, cookie, 'POST', `books/${id}`, { original_title: 'Saved on B', version: readOnB.version });
    expect(stale.status).toBe(409);
    const [row] = await database.db.select({ title: books.originalTitle }).from(books).where(eq(books.id, id));
    expect(row!.title).toBe('Saved on A');
  });

  it('uses on B, within a second, a screen definition published on A, and its rollback', async () => {
    const cookie = await session(a);
    const definition = structuredClone(loadScreenFiles().get('genres')!) as { form: { schema: { definitions: { name: { maxLength: number } } } } };
    definition.form.schema.definitions.name.maxLength = 20;
    const longName = { names: { en: 'A name of twenty-five ch.' }, color: '#0091ea' };
    expect((await call(b, cookie, 'POST', 'genres', longName)).status).toBe(200);
    expect((await call(a, cookie, 'PUT', 'screens/genres/draft', { definition, labels: {} })).status).toBe(200);
    const published = await call(a, cookie, 'POST', 'screens/genres/publish', { comment: 'Shorter names', baseVersion: 0 });
    expect(published.status, await published.clone().text()).toBe(200);
    const publishedAt = Date.now();
    const refused = await call(b, cookie, 'POST', 'genres', longName);
    expect(Date.now() - publishedAt).toBeLessThan(1000);
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors).toEqual({ 'names.en': ['The name (English) may not be greater than 20 characters.'] });
    expect((await call(b, cookie, 'POST', 'screens/genres/rollback', { version: 0 })).status).toBe(200);
    // Names are unique per language: another one, as long.
    expect((await call(a, cookie, 'POST', 'genres', { ...longName, names: { en: 'Another name of 25 chars.' } })).status).toBe(200);
  });

  it('counts failed logins across both instances', async () => {
    const email = 'someone.else@scouting.test';
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) answers.push((await login(attempt % 2 ? b : a, email, 'wrong password')).status);
    expect(answers).toEqual([422, 422, 422, 422, 422, 429]);
    expect((await login(b, email, 'wrong password')).status).toBe(429);
  });

  it('sends a mail queued on A once, though both instances deliver mail', async () => {
    const cookie = await session(a);
    const created = await call(a, cookie, 'POST', 'books', { original_title: 'Followed sheet' });
    const { id, version } = ((await created.json()) as { data: { id: number; version: number } }).data;
    const email = `follower.${Date.now()}@subscribers.test`;
    const userId = await insertUser(database.db, { email, isAccepted: true });
    await database.db.insert(demands).values({ userId, bookId: id, demandDate: '2026-11-01', demandTypeId: 1, demandStatusId: 1 });
    const saved = await call(a, cookie, 'POST', `books/${id}`, { original_title: 'Followed sheet', version, withNotification: 1 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
    // Many runs of both loops later, still one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('finishes a save in flight when told to stop (SIGTERM), takes no new request, and exits cleanly', async () => {
    const cookie = await session(b);
    const { payload, headers } = multipart([
      { name: 'original_title', value: 'Saved while stopping' },
      { name: 'documentList[]', filename: 'slow.pdf', content: sample('pdf', 3_000_000) },
    ]);
    const { port } = new URL(b.url);
    // The save starts: headers and the first half of its body reach B.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/api/admin/books',
          headers: { ...headers, cookie, 'content-length': String(payload.length) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(payload.subarray(0, payload.length / 2));
      setTimeout(() => {
        process.kill(b.pid, 'SIGTERM');
        // B stops taking work: readiness and new connections are refused while the save runs.
        setTimeout(() => {
          void fetch(`${b.url}/api/health/ready`)
            .then((response) => (response.status === 503 ? 'refused' : `answered ${response.status}`))
            .catch(() => 'refused')
            .then((outcome) => {
              newRequest = outcome;
              req.end(payload.subarray(payload.length / 2));
            });
        }, 300);
      }, 300);
    });
    let newRequest = '';
    const { status, body } = await answer;
    expect(status, body).toBe(200);
    expect(newRequest).toBe('refused');
    expect(await b.exited).toEqual({ code: 0, signal: null });
    const rows = await database.db.select({ id: books.id }).from(books).where(eq(books.originalTitle, 'Saved while stopping'));
    expect(rows).toHaveLength(1);
    // A still serves what B stored.
    const url = (JSON.parse(body) as { data: { documentList: { full_path: string }[] } }).data.documentList[0]!.full_path;
    const aCookie = await session(a);
    expect((await fetch(`${a.url}${url}`, { headers: { cookie: aCookie } })).status).toBe(200);
  }, 60_000);

  it('answers not ready when the file storage is gone', async () => {
    await s3.close();
    const response = await fetch(`${a.url}/api/health/ready`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'File storage unavailable' } });
    // Liveness does not depend on it.
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
  });
});
