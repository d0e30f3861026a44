import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/db/client.js';
import { seedReferenceData } from '../../server/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one template database per run, so each test file gets a fresh copy cheaply:
 * a dumped PGlite data dir, or a PostgreSQL database used as CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const db = project.config.env?.TEST_DB ?? 'pglite';
  if (db === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
    const name = `admin_panel_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openPostgres(templateUrl.toString());
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = path.join(os.tmpdir(), `admin-panel-template-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(file, { force: true });
}
