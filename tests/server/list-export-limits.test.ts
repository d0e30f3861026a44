import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { ownExportsMessage, serverExportsMessage } from '../../server/engine/export/exportSlots.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Authors with names of a kilobyte: their export is a file of about 40 MB, far more than the
 * sockets' buffers between a server and a client that reads nothing hold, so that such an export
 * waits for its reader instead of ending into the buffers.
 */
const LARGE = 40_000;
const NAME = 'x'.repeat(1000);
/** Authors of their own country: an export of them is a small file, done at once. */
const SMALL = 5;

/** Fills the app's catalogue: LARGE authors without a country, SMALL of one country (its id). */
async function fill(t: TestApp): Promise<number> {
  const country = Number((await t.database.executeSql('select min(id) as id from countries')).rows[0]!.id);
  // Written as the app writes (no revision made by the outside-change trigger for each of them).
  await t.database.executeSql(
    `begin;
     set local app.history = 'test data';
     insert into authors (name, search_text) select i || '${NAME}', 'author' from generate_series(1, ${LARGE}) as i;
     insert into authors (name, country_id, search_text) select 'Small ' || i, ${country}, 'small' from generate_series(1, ${SMALL}) as i;
     commit;`,
  );
  return country;
}

/** A client of the listening app that asks for an export and takes nothing of it until `resume`; `received` counts what it took. */
function stalledExport(port: number, cookie: string, query = '') {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.pause();
  // The head and the last kilobytes of what arrived tell how the answer began and where it stopped.
  const state = { received: 0, head: '', tail: '', closed: false };
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => undefined);
  socket.write(`GET /api/admin/authors/export?columns=id,name${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
  return {
    state,
    /** Reads on to the end of what the server sends; with `pause`, stops for `pause.ms` after each `pause.every` bytes. */
    resume(pause?: { every: number; ms: number }) {
      let sincePause = 0;
      socket.on('data', (chunk: Buffer) => {
        state.received += chunk.length;
        if (state.head.length < 2000) state.head += chunk.toString('latin1', 0, 2000 - state.head.length);
        state.tail = (state.tail + chunk.toString('latin1', Math.max(0, chunk.length - 4000))).slice(-4000);
        sincePause += chunk.length;
        if (pause && sincePause >= pause.every) {
          sincePause = 0;
          socket.pause();
          setTimeout(() => socket.resume(), pause.ms);
        }
      });
      socket.resume();
    },
    close: () => socket.destroy(),
  };
}

/** Waits, as a user would, until `check` holds (a few seconds at most). */
async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('exports running at once: a few per administrator and on the server, refused in words past them', () => {
  let t: TestApp;
  let port: number;
  let first: string;
  let second: string;
  let country: number;
  const clients: ReturnType<typeof stalledExport>[] = [];
  const hold = (cookie: string) => {
    const client = stalledExport(port, cookie);
    clients.push(client);
    return client;
  };
  const smallExport = (cookie: string) => t.as(cookie, { method: 'GET', url: `/api/admin/authors/export?columns=id,name&country_id[]=${country}` });

  beforeAll(async () => {
    t = await createTestApp({ EXPORTS_PER_ADMINISTRATOR: '2', EXPORTS_TOTAL: '3' });
    country = await fill(t);
    await insertAdministrator(t.database.db, {
      firstname: 'Other',
      lastname: 'Colleague',
      email: 'colleague@example.com',
      passwordHash: await hashPassword('colleague-password'),
    });
    first = await t.login();
    second = await t.login('colleague@example.com', 'colleague-password');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await t?.close();
  });

  it('refuses an administrator’s export past their most, and anyone’s past the server’s, with 429 and words; a closed download frees its place', async () => {
    const ownId = Number((await t.as(first, { method: 'GET', url: '/api/admin/me' })).json().data.id);
    const mine = [hold(first), hold(first)];
    await until(() => t.app.exportSlots.running(ownId) === 2, 'two exports running');

    const refused = await smallExport(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You already have 2 exports running: wait for one to finish.');
    expect(refused.json().message).toBe(ownExportsMessage(2));
    // A colleague still may: the server's most is three.
    hold(second);
    await until(() => t.app.exportSlots.running() === 3, 'three exports running');
    const full = await smallExport(second);
    expect(full.statusCode).toBe(429);
    expect(full.json().message).toBe('3 exports are already running for colleagues, the most the server writes at once: try again in a few minutes.');
    expect(full.json().message).toBe(serverExportsMessage(3));

    // Closing a download (the dialog's Stop, a closed tab) gives its place back.
    mine[0]!.close();
    await until(() => t.app.exportSlots.running() === 2, 'a place freed');
    const done = await smallExport(second);
    expect(done.statusCode, done.body.slice(0, 300)).toBe(200);
    expect(done.headers['x-export-rows']).toBe(String(SMALL));
    // A finished export holds no place either.
    expect(t.app.exportSlots.running()).toBe(2);
    const again = await smallExport(second);
    expect(again.statusCode).toBe(200);
  });

  it('refuses a refused list query with its own 422 and takes no place for it', async () => {
    const before = t.app.exportSlots.running();
    const unknown = await t.as(second, { method: 'GET', url: '/api/admin/authors/export?colour=red' });
    expect(unknown.statusCode).toBe(422);
    expect(t.app.exportSlots.running()).toBe(before);
  });
});

describe('an export whose reader stops taking it', () => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  let country: number;
  let client: ReturnType<typeof stalledExport> | undefined;

  beforeAll(async () => {
    t = await createTestApp({ EXPORTS_PER_ADMINISTRATOR: '1', EXPORTS_TOTAL: '1', EXPORT_READER_TIMEOUT_MS: '1000' });
    country = await fill(t);
    cookie = await t.login();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterEach(() => client?.close());
  afterAll(async () => t?.close());

  it('is dropped after the reader timeout: its place is free again, and the reader gets a cut file', async () => {
    client = stalledExport(port, cookie);
    await until(() => t.app.exportSlots.running() === 1, 'running');
    expect((await t.as(cookie, { method: 'GET', url: `/api/admin/authors/export?country_id[]=${country}` })).statusCode).toBe(429);

    await until(() => t.app.exportSlots.running() === 0, 'dropped');
    const next = await t.as(cookie, { method: 'GET', url: `/api/admin/authors/export?columns=id,name&country_id[]=${country}` });
    expect(next.statusCode).toBe(200);
    expect(next.body.split('\r\n').filter(Boolean)).toHaveLength(SMALL + 1);

    // What the reader takes afterwards ends before the file would have.
    client.resume();
    await until(() => client!.state.closed, 'closed by the server');
    expect(client.state.head).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.state.received).toBeLessThan(LARGE * NAME.length * 0.75);
    // Not its last row, nor the end of a whole answer (chunked: an empty last chunk).
    expect(client.state.tail).not.toContain(`Small ${SMALL}`);
    expect(client.state.tail).not.toMatch(/\r\n0\r\n\r\n$/);
  });

  it('is not dropped while its reader keeps taking it, pauses shorter than the timeout included, however long the whole file takes', async () => {
    const started = Date.now();
    client = stalledExport(port, cookie);
    // Stops for 400 ms after every 4 MB: ten pauses, the whole download several times the timeout.
    client.resume({ every: 4_000_000, ms: 400 });
    await until(() => client!.state.closed, 'written to its end', 60_000);
    expect(client.state.received).toBeGreaterThan(LARGE * NAME.length);
    expect(client.state.tail).toMatch(new RegExp(`,Small ${SMALL}\r\n\r\n0\r\n\r\n$`));
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(t.app.exportSlots.running()).toBe(0);
  });
});

describe('the export limits, read at boot', () => {
  it('default to 3 exports an administrator, 6 on the server and a minute’s wait, and refuse settings that cannot hold', () => {
    expect(loadConfig({ DEMO_DATA: 'false' }).exports).toEqual({ perAdministrator: 3, total: 6, readerTimeoutMs: 60_000 });
    expect(loadConfig({ DEMO_DATA: 'false', EXPORTS_PER_ADMINISTRATOR: '1', EXPORTS_TOTAL: '40', EXPORT_READER_TIMEOUT_MS: '15000' }).exports).toEqual({
      perAdministrator: 1,
      total: 40,
      readerTimeoutMs: 15_000,
    });
    expect(() => loadConfig({ DEMO_DATA: 'false', EXPORTS_TOTAL: '2' })).toThrow(
      new ConfigError('EXPORTS_TOTAL (2) must be at least EXPORTS_PER_ADMINISTRATOR (3)'),
    );
    expect(() => loadConfig({ DEMO_DATA: 'false', EXPORTS_PER_ADMINISTRATOR: '0' })).toThrow(
      new ConfigError('EXPORTS_PER_ADMINISTRATOR must be a whole number between 1 and 100, got "0"'),
    );
    expect(() => loadConfig({ DEMO_DATA: 'false', EXPORT_READER_TIMEOUT_MS: '10' })).toThrow(
      new ConfigError('EXPORT_READER_TIMEOUT_MS must be a whole number between 1000 and 3600000, got "10"'),
    );
  });
});
