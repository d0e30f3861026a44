import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../server/db/client.js';

/**
 * A fresh, migrated and reference-seeded database for one test file, on the suite's engine. On
 * PostgreSQL, `url` is its connection string (for a server run as a child process).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `admin_panel_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openPostgres(target.toString());
    return {
      ...database,
      url: target.toString(),
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite(undefined, new Blob([dump]));
}
