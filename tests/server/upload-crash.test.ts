import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../../server/db/client.js';
import { books, pendingUploads } from '../../server/db/schema/index.js';
import { filesRoot, LocalDiskStorage } from '../../server/storage/index.js';
import { CRASH_POINT_VARIABLE } from '../../server/testHooks/crashPoint.js';
import { png } from '../helpers/png.js';
import { startServerProcess, type ServerProcess } from '../../scripts/harness/serverProcess.js';
import { ADMIN } from '../helpers/testApp.js';
import { createTestDatabase } from '../helpers/testDatabase.js';
import { keyOfUrl, multipart, sample, storedFiles, type Part } from './book-sheet-fixtures.js';

/**
 * Hardening: a server killed between writing a save's files and committing its record (SIGKILL,
 * no shutdown) leaves files and pending rows; the next start's cleanup removes them, so storage
 * is exactly as it was before the save. Runs the real server as a child process, on a PGlite data
 * dir or on a PostgreSQL database of its own.
 */

let dataDir: string;
let storage: LocalDiskStorage;
/** The PostgreSQL test database, open all along; undefined on PGlite (the child owns its data dir). */
let postgres: (Database & { url?: string }) | undefined;
const running = new Set<ServerProcess>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'upload-crash-test-'));
  storage = new LocalDiskStorage(filesRoot({ dataDir }));
  if (process.env.TEST_DB === 'postgres') postgres = await createTestDatabase();
});
afterAll(async () => {
  for (const server of running) await server.stop();
  await postgres?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const AGE_MS = 1000;

async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
    DEMO_DATA: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    UPLOAD_CLEANUP_AGE_MS: String(AGE_MS),
    UPLOAD_CLEANUP_INTERVAL_MS: '200',
    ...env,
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
const counts = () =>
  withDatabase(async ({ db }) => ({
    pending: (await db.select({ n: count() }).from(pendingUploads))[0]!.n,
    books: (await db.select({ n: count() }).from(books))[0]!.n,
  }));

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

function post(server: ServerProcess, cookie: string, url: string, parts: Part[]): Promise<Response> {
  const { payload, headers } = multipart(parts);
  return fetch(`${server.url}/api/admin/${url}`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
}

const file = (name: string, filename: string, content: Buffer): Part => ({ name, filename, content });

describe('a crash between the file writes and the commit', () => {
  it('leaves storage exactly as before once the server has started again', { timeout: 240_000 }, async () => {
    // A first run saves a sheet and a news with their files: what must survive.
    const first = await start();
    let cookie = await login(first);
    const sheet = await post(first, cookie, 'books', [
      { name: 'original_title', value: 'Saved before the crash' },
      file('documentList[]', 'kept.pdf', sample('pdf', 50_000)),
      file('manuscript', 'kept-manuscript.pdf', sample('pdf', 20_000)),
    ]);
    expect(sheet.status, await sheet.clone().text()).toBe(200);
    const newsItem = await post(first, cookie, 'news', [
      { name: 'title', value: 'Saved news' },
      { name: 'description', value: '<p>Kept</p>' },
      { name: 'type', value: '1' },
      file('image', 'kept.png', png(6, [40, 80, 120])),
    ]);
    expect(newsItem.status, await newsItem.clone().text()).toBe(200);
    const keptUrls = [
      ...((await sheet.json()) as { data: { documentList: { full_path: string }[]; manuscript: { full_path: string } } }).data.documentList.map(
        (entry) => entry.full_path,
      ),
      ...[((await newsItem.json()) as { data: { image: string } }).data.image],
    ];
    await first.stop();
    const before = await storedFiles(storage);
    expect(before).toHaveLength(3);
    expect(await counts()).toEqual({ pending: 0, books: 1 });

    // The second run dies right after storing the files of a save, before its transaction.
    const crashing = await start({ [CRASH_POINT_VARIABLE]: 'uploads-stored' });
    cookie = await login(crashing);
    const save = post(crashing, cookie, 'books', [
      { name: 'original_title', value: 'Lost in the crash' },
      file('documentList[]', 'orphan.pdf', sample('pdf', 1_000_000)),
      file('cover_file[]', 'orphan.png', sample('png', 30_000)),
      file('manuscript', 'orphan-manuscript.pdf', sample('pdf', 200_000)),
    ]);
    await expect(save).rejects.toThrow();
    expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const afterCrash = await storedFiles(storage);
    expect(afterCrash.filter((key) => !before.includes(key))).toHaveLength(3);
    expect(await counts()).toEqual({ pending: 3, books: 1 });

    // Started again, the server's cleanup removes them once they are older than the age.
    await new Promise((resolve) => setTimeout(resolve, AGE_MS));
    const restarted = await start();
    await expect.poll(() => storedFiles(storage), { timeout: 30_000, interval: 200 }).toEqual(before);
    cookie = await login(restarted);
    for (const url of keptUrls) {
      const served = await fetch(`${restarted.url}${url}`, { headers: { cookie } });
      expect(served.status, keyOfUrl(url)).toBe(200);
    }
    await restarted.stop();
    expect(await counts()).toEqual({ pending: 0, books: 1 });
    expect(await storedFiles(storage)).toEqual(before);
  });
});
