import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../../server/db/client.js';

/** The migrations folder as it was before `tag`: its SQL files and the journal's entries before it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag} in ${migrationsFolder}`);
  const kept = journal.entries.slice(0, at);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/**
 * A new database, on the suite's engine, migrated up to the migration `tag` (not included), for a
 * test of that migration: the test fills it as an older product would have, then runs
 * `database.migrate()`. `close` also drops it.
 */
export async function databaseBefore(tag: string): Promise<Database> {
  const folder = migrationsBefore(tag);
  try {
    if (process.env.TEST_DB === 'postgres') {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `admin_panel_m_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      url.pathname = `/${name}`;
      const database = await openPostgres(url.toString());
      const pool = new pg.Pool({ connectionString: url.toString() });
      await migratePg(drizzlePg(pool), { migrationsFolder: folder });
      await pool.end();
      return {
        ...database,
        async close() {
          await database.close();
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        },
      };
    }
    const database = await openPglite();
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: folder });
    return database;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
