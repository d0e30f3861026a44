import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../server/db/client.js';

/** Where the PostgreSQL suites create their throwaway databases. */
const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A suite's benchmark database on `engine`, empty or as a kept run left it: with `keep`, PGlite in
 * `data/<name>` and PostgreSQL's database `admin_panel_<name>` (dashes as underscores), both reused
 * by the next run; without, a temporary directory or a database named after the process, removed
 * by `drop`.
 */
export async function openBenchDatabase(
  engine: 'pglite' | 'postgres',
  { name, keep }: { name: string; keep: boolean },
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (engine === 'pglite') {
    const dir = keep ? path.resolve(`data/${name}`) : fs.mkdtempSync(path.join(os.tmpdir(), `${name}-pglite-`));
    fs.mkdirSync(dir, { recursive: true });
    const database = await openPglite(dir);
    return { database, drop: async () => (keep ? undefined : fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const dbName = `admin_panel_${name.replace(/-/g, '_')}${keep ? '' : `_pid${process.pid}`}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount;
  if (!exists) await admin.query(`create database ${dbName}`);
  await admin.end();
  const target = new URL(BENCH_PG_URL);
  target.pathname = `/${dbName}`;
  const database = await openPostgres(target.toString());
  return {
    database,
    url: target.toString(),
    drop: async () => {
      if (keep) return;
      const client = new pg.Client({ connectionString: BENCH_PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    },
  };
}
