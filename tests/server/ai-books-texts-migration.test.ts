import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../../server/db/client.js';

/**
 * Migration 0014 (server/db/migrations/0014_ai_books_texts.sql) moves the AI drafts' text columns
 * into `ai_books.texts`: a draft made before it keeps every text, under its draft field, and an
 * empty one is absent. Run on a database migrated up to 0013, on the suite's engine.
 */
const BEFORE = '0014_ai_books_texts';

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let folder: string;

/** The migrations folder as it was before 0014: its SQL files and the journal's entries before it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const kept = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

beforeAll(async () => {
  folder = migrationsBefore(BEFORE);
  if (process.env.TEST_DB === 'postgres') {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `admin_panel_m_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
    const pool = new pg.Pool({ connectionString: url.toString() });
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
    await pool.end();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    database = await openPglite();
    await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder: folder });
  }
});
afterAll(async () => {
  await database?.close();
  await dropDatabase?.();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('migration 0014: the AI drafts’ texts in one jsonb column', () => {
  it('keeps every text of a draft made before it, under its draft field, an empty one absent, and drops the text columns', async () => {
    const { db } = database;
    // The statuses a sheet defaults to (the reference seeder's, which runs after the migrations).
    await db.execute(sql`insert into book_statuses (id, label) values (1, 'New')`);
    await db.execute(sql`insert into rights_statuses (id, label) values (4, 'Unknown')`);
    await db.execute(sql`insert into books (id, original_title) values (1, 'Le Phare'), (2, 'La Nuit')`);
    await db.execute(sql`
      insert into ai_books (book_id, locale, model, author, publishing_house_name, title, subtitle, pitch, detailed_summary, key_moments, movie_references)
      values (1, 'en', 'gpt-5-mini', 'Anne Martin', 'Gallimard', 'The Lighthouse', null, 'A keeper.', 'Part one. Part two.', 'The storm', null),
             (2, 'fr', 'gpt-5-mini', null, null, null, null, null, null, null, null)`);

    await database.migrate();

    const { rows } = (await db.execute(sql`select book_id, author, publishing_house_name, texts from ai_books order by book_id`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(rows).toEqual([
      {
        book_id: 1,
        author: 'Anne Martin',
        publishing_house_name: 'Gallimard',
        texts: { title: 'The Lighthouse', pitch: 'A keeper.', detailed_summary: 'Part one. Part two.', key_moments: 'The storm' },
      },
      { book_id: 2, author: null, publishing_house_name: null, texts: {} },
    ]);
    const columns = (await db.execute(sql`select column_name from information_schema.columns where table_name = 'ai_books'`)) as unknown as {
      rows: { column_name: string }[];
    };
    const names = columns.rows.map((row) => row.column_name);
    expect(names).toEqual(expect.arrayContaining(['texts', 'author', 'publishing_house_name']));
    for (const gone of ['title', 'subtitle', 'pitch', 'detailed_summary', 'movie_references']) expect(names).not.toContain(gone);
    // A draft stored after it: texts default to {}.
    await db.execute(sql`insert into books (id, original_title) values (3, 'Le Vent')`);
    await db.execute(sql`insert into ai_books (book_id, locale, model) values (3, 'en', 'gpt-5-mini')`);
    const [fresh] = ((await db.execute(sql`select texts from ai_books where book_id = 3`)) as unknown as { rows: { texts: unknown }[] }).rows;
    expect(fresh!.texts).toEqual({});
  });
});
