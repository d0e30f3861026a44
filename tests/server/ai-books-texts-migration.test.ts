import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { databaseBefore } from '../helpers/databaseBefore.js';

/**
 * Migration 0014 (server/db/migrations/0014_ai_books_texts.sql) moves the AI drafts' text columns
 * into `ai_books.texts`: a draft made before it keeps every text, under its draft field, and an
 * empty one is absent. Run on a database migrated up to 0013, on the suite's engine.
 */
let database: Database;

beforeAll(async () => {
  database = await databaseBefore('0014_ai_books_texts');
});
afterAll(async () => database?.close());

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
