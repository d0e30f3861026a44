import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { START_ARGS } from '../../scripts/harness/startCommand.js';

/** Starts the built server as `npm start` does after its build (package.json) and resolves once it listens. */
function start(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, START_ARGS, {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe('starting the server on a fresh data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-panel-start-'));
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds reference and demo data, prints a first administrator once, and serves the API', async () => {
    const first = await start({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
    children.push(first.child);
    const credentials = /e-mail:\s+(\S+)\s+password:\s+(\S+)/.exec(first.output());
    expect(credentials, first.output()).not.toBeNull();
    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

    const login = await fetch(`${first.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials![1], password: credentials![2] }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const genres = await (await fetch(`${first.url}/api/admin/genres?perPage=1`, { headers: { cookie } })).json();
    expect(genres.meta.total).toBeGreaterThan(10);
    await stop(first.child);

    const second = await start({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
    children.push(second.child);
    expect(second.output()).not.toMatch(/First administrator created/);
    const again = await fetch(`${second.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials![1], password: credentials![2] }),
    });
    expect(again.status).toBe(200);
  }, 180_000);

  // Production setup: PostgreSQL from DATABASE_URL, first administrator from ADMIN_EMAIL, no demo data.
  if (process.env.TEST_DATABASE_URL) {
    it('starts on PostgreSQL with the configured administrator and no demo catalogue', async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `admin_panel_start_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      try {
        const server = await start({ DATABASE_URL: target.toString(), ADMIN_EMAIL: 'boss@company.test', ADMIN_PASSWORD: 'a long secret', DATA_DIR: dataDir });
        children.push(server.child);
        expect(server.output()).not.toMatch(/First administrator created/);
        const login = await fetch(`${server.url}/api/admin/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'boss@company.test', password: 'a long secret' }),
        });
        expect(login.status).toBe(200);
        const db = new pg.Client({ connectionString: target.toString() });
        await db.connect();
        const { rows } = await db.query('select (select count(*) from books)::int as books, (select count(*) from countries)::int as countries');
        await db.end();
        expect(rows[0]).toMatchObject({ books: 0 });
        expect(rows[0].countries).toBeGreaterThan(200);
        await stop(server.child);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }, 180_000);
  }

  it('stops with a message naming the variable when the configuration is wrong', async () => {
    const child = spawn(process.execPath, START_ARGS, { env: { ...process.env, PORT: 'eighty' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a whole number');
  }, 60_000);
});
