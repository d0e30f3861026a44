import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** The drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** An open database and how to migrate and close it. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  migrate(): Promise<void>;
  /**
   * Runs `task` while holding the database's startup lock (a PostgreSQL advisory lock): instances
   * starting together on one database migrate and seed one after the other, never at once.
   */
  withStartupLock<T>(task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, for dumping a test template; undefined on PostgreSQL. */
  pglite?: PGlite;
  /**
   * Runs SQL that is not drizzle's (the job queue's own tables and migrations): one statement with
   * `$1…` values, or, without values, a script of several statements (the rows of the last).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The migrations' SQL files; from the project's root, which is two folders up here as in the built server (vite.server.config.ts). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'db', 'migrations');

/** Opens PGlite: in `dataDir` when given, in memory otherwise (optionally from a dumped data dir). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let startups: Promise<unknown> = Promise.resolve();
  const options: PGliteOptions = { extensions: { pg_trgm, unaccent } };
  if (loadDataDir) options.loadDataDir = loadDataDir;
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    migrate: async () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    // One process owns a PGlite data dir: only its own startups to put one after the other.
    withStartupLock: (task) => {
      const run = startups.then(task);
      startups = run.catch(() => undefined);
      return run;
    },
    close: async () => client.close(),
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      // PGlite's query() takes one statement; a script goes through exec().
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/** The advisory lock key of startups (migrations, seeds): any fixed number no other code uses. */
const STARTUP_LOCK_KEY = 7_204_113_001;

/** Opens PostgreSQL through a connection pool. */
export async function openPostgres(url: string): Promise<Database> {
  // JIT off: the app's statements are short, and a plan whose estimated cost passes jit_above_cost
  // (a bounded count's branch that never runs, at 1,000,000 sheets) spent 8–10 ms compiling
  // expressions for a query that runs in 10 (docs/books-list.md).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  let closing = false;
  // The pool drops an idle connection the server closed (restart, terminated backend); without a
  // listener that 'error' event would crash the process.
  pool.on('error', (error) => {
    if (!closing) console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db,
    migrate: async () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    withStartupLock: async (task) => {
      // A session lock on a connection of its own, held while the task runs on the pool's others.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await task();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // A script answers one result per statement.
      const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    close: async () => {
      closing = true;
      await pool.end();
    },
  };
}

/** Opens the database the configuration names: PostgreSQL with a URL, else PGlite under `dataDir/db`. */
export async function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'db'));
}
