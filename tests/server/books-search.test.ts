import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translations } from '../../common/locales.js';
import { rowsOf } from '../../server/db/repositories/engine/rowsOf.js';
import { authors, bookAuthors, bookSearchText, books } from '../../server/db/schema/index.js';
import { CURSOR_MESSAGES } from '../../server/sheets/sheetListService.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The reading-sheet list's free text (full-text search over titles, authors and reports) and its
 * bounded counts with keyset paging (docs/books-list.md), on the database the project runs on.
 */
let t: TestApp;
let cookie: string;

const get = (url: string) => t.as(cookie, { method: 'GET', url: `/api/admin/${url}` });
interface ListBody {
  data: { id: number }[];
  meta: { total: number; current_page: number; last_page: number; total_exact: boolean; next_cursor: string | null; prev_cursor: string | null };
}
const list = async (query: string): Promise<ListBody> => {
  const response = await get(`books?${query}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return response.json();
};
const ids = async (query: string) => (await list(query)).data.map((row) => row.id);
const search = (words: string, rest = '') => ids(`search=${encodeURIComponent(words)}${rest ? `&${rest}` : ''}`);

/** Inserts a sheet as a save would (search_text from its titles and authors); returns its id. */
async function sheet(originalTitle: string, options: { titles?: Translations; report?: Translations; author?: string; updatedAt: string }): Promise<number> {
  const { db } = t.database;
  const authorNames = options.author ? [options.author] : [];
  const [book] = await db
    .insert(books)
    .values({
      originalTitle,
      titles: options.titles ?? {},
      report: options.report ?? {},
      searchText: bookSearchText(originalTitle, options.titles ?? {}, authorNames),
      updatedAt: new Date(options.updatedAt),
    })
    .returning({ id: books.id });
  if (options.author) {
    const [author] = await db.insert(authors).values({ name: options.author, searchText: options.author.toLowerCase() }).returning({ id: authors.id });
    await db.insert(bookAuthors).values({ bookId: book!.id, authorId: author!.id, position: 0 });
  }
  return book!.id;
}

let summerGarden: number;
let stoneWalls: number;
let gardener: number;
let strasse: number;
let nino: number;
let citta: number;
let memoire: number;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  summerGarden = await sheet('Le Jardin d’Été', { titles: { fr: 'Le Jardin d’Été', en: 'The Summer Garden' }, updatedAt: '2024-03-01T10:00:00Z' });
  // Newer than every other sheet, but 'garden' is only in its report.
  stoneWalls = await sheet('Stone Walls', { report: { en: 'A story of a GARDEN behind stone walls.' }, updatedAt: '2024-06-01T10:00:00Z' });
  gardener = await sheet('Untitled', { author: 'Zoë Gardener', updatedAt: '2024-02-01T10:00:00Z' });
  strasse = await sheet('Die Straße', { report: { de: 'Eine Geschichte über Flüsse.' }, updatedAt: '2024-01-05T10:00:00Z' });
  nino = await sheet('El Niño', { report: { es: 'La canción de un niño pequeño.' }, updatedAt: '2024-01-04T10:00:00Z' });
  citta = await sheet('Nuvole', { report: { it: 'Una città più grande del mare.' }, updatedAt: '2024-01-03T10:00:00Z' });
  memoire = await sheet('Mémoire', { report: { fr: 'L’élève dépasse le maître.' }, updatedAt: '2024-01-02T10:00:00Z' });
});
afterAll(async () => t.close());

describe('free-text search of GET admin/books', () => {
  it('finds words in the titles, the authors and the report of every locale, ignoring case and accents', async () => {
    // English, in a title and in a report.
    expect(await search('summer')).toEqual([summerGarden]);
    expect(await search('walls behind')).toEqual([stoneWalls]);
    // French: accents folded both ways.
    expect(await search('ÉLÈVE')).toEqual([memoire]);
    expect(await search('eleve maitre')).toEqual([memoire]);
    expect(await search('ete')).toEqual([summerGarden]);
    // German: ß and umlauts.
    expect(await search('strasse')).toEqual([strasse]);
    expect(await search('Straße')).toEqual([strasse]);
    expect(await search('flusse')).toEqual([strasse]);
    // Spanish.
    expect(await search('NINO')).toEqual([nino]);
    expect(await search('canción pequeno')).toEqual([nino]);
    // Italian.
    expect(await search('citta piu')).toEqual([citta]);
    // Authors' names.
    expect(await search('zoe')).toEqual([gardener]);
  });

  it('finds title and author words by their beginning, as the user types, and report words whole', async () => {
    expect(await search('jard')).toEqual([summerGarden]);
    expect(await search('le jardin d')).toEqual([summerGarden]);
    expect(await search('jard ete')).toEqual([summerGarden]);
    expect(await search('SUMM GARD')).toEqual([summerGarden]);
    // A beginning of a title or an author's name, not of a report word.
    expect(await search('gard')).toEqual([summerGarden, gardener]);
    expect(await search('walls behi')).toEqual([]);
    expect(await search('walls behind')).toEqual([stoneWalls]);
    // Every word must match, in the titles or the report.
    expect(await search('stone garden')).toEqual([stoneWalls]);
    expect(await search('stone summer')).toEqual([]);
    // Punctuation and operators are only separators; nothing left is a blank search.
    expect(await search("d'été & | ! :*")).toEqual([summerGarden]);
    expect((await search('&|!')).length).toBe(7);
    expect(await search('100%')).toEqual([]);
  });

  it('ranks title and author matches before report matches, each tier in the chosen sort', async () => {
    // Newest first within each tier: the report-only match comes last although it is the newest sheet.
    expect(await search('garden')).toEqual([summerGarden, gardener, stoneWalls]);
    expect(await search('garden', 'sort=updated_at&direction=asc')).toEqual([gardener, summerGarden, stoneWalls]);
    expect(await search('garden', 'sort=title&direction=asc')).toEqual([summerGarden, gardener, stoneWalls]);
    expect(await search('garden', 'sort=id&direction=desc')).toEqual([gardener, summerGarden, stoneWalls]);
    // The same order page by page, by offset and by cursor, across the tiers.
    expect([...(await search('garden', 'perPage=2')), ...(await search('garden', 'perPage=2&page=2'))]).toEqual([summerGarden, gardener, stoneWalls]);
    const seen: number[] = [];
    let body = await list('search=garden&perPage=1');
    for (;;) {
      seen.push(...body.data.map((row) => row.id));
      if (!body.meta.next_cursor) break;
      body = await list(`search=garden&perPage=1&after=${body.meta.next_cursor}`);
    }
    expect(seen).toEqual([summerGarden, gardener, stoneWalls]);
    // And back from the last row.
    const back = await list(`search=garden&perPage=2&before=${body.meta.prev_cursor}`);
    expect(back.data.map((row) => row.id)).toEqual([summerGarden, gardener]);
    expect(back.meta.prev_cursor).toBeNull();
  });

  it('follows a save: the report and the title are searchable at once, the old words no longer', async () => {
    await t.database.db.execute(sql`update books set report = '{"en": "A lighthouse keeper."}'::jsonb where id = ${memoire}`);
    expect(await search('lighthouse')).toEqual([memoire]);
    expect(await search('eleve')).toEqual([]);
    await t.database.db.execute(sql`update books set report = '{"fr": "L’élève dépasse le maître."}'::jsonb where id = ${memoire}`);
    expect(await search('eleve')).toEqual([memoire]);
  });

  it('pages by cursor, forward and back, in the order of every sort, empty publication dates last', async () => {
    // Two sheets share a date (the id breaks the tie); the others have none.
    await t.database.db.execute(sql`update books set publication_date = '2020-05-01' where id in (${nino}, ${citta})`);
    await t.database.db.execute(sql`update books set publication_date = '2019-01-01' where id = ${strasse}`);
    for (const sort of ['id', 'title', 'publication_date', 'updated_at']) {
      for (const direction of ['asc', 'desc']) {
        const query = `sort=${sort}&direction=${direction}`;
        const expected = await ids(`${query}&perPage=100`);
        expect(expected).toHaveLength(7);
        const forward: number[] = [];
        let body = await list(`${query}&perPage=2`);
        for (;;) {
          forward.push(...body.data.map((row) => row.id));
          if (!body.meta.next_cursor) break;
          body = await list(`${query}&perPage=2&after=${body.meta.next_cursor}`);
        }
        expect(forward, query).toEqual(expected);
        // From the last page back to the first, by `before`.
        const backward: number[][] = [body.data.map((row) => row.id)];
        while (body.meta.prev_cursor) {
          body = await list(`${query}&perPage=2&before=${body.meta.prev_cursor}`);
          backward.unshift(body.data.map((row) => row.id));
        }
        expect(backward.flat(), query).toEqual(expected);
      }
    }
    expect((await ids('sort=publication_date&direction=desc&perPage=100')).slice(0, 3)).toEqual([citta, nino, strasse]);
    expect((await ids('sort=publication_date&direction=asc&perPage=100')).slice(0, 3)).toEqual([strasse, nino, citta]);
  });

  it('refuses a cursor that is not one of the list’s, naming it', async () => {
    const check = async (query: string, param: string, message: string) => {
      const response = await get(`books?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [param]: [message] } });
    };
    await check('after=bm90LWpzb24', 'after', CURSOR_MESSAGES.after);
    await check(`before=${Buffer.from('[0,"x",1]').toString('base64url')}`, 'before', CURSOR_MESSAGES.before);
    // A title sort's cursor given to the default sort (updated_at).
    const titleCursor = (await list('sort=title&perPage=1')).meta.next_cursor!;
    await check(`after=${titleCursor}`, 'after', CURSOR_MESSAGES.after);
    await check(`after=${titleCursor}&before=${titleCursor}&sort=title`, 'before', CURSOR_MESSAGES.both);
    expect((await get('books?after=not*base64')).statusCode).toBe(422);
  });

  it('takes the cursor of a title as long as the form allows, in any script', async () => {
    const longest = 'Ж'.repeat(250) + '🌊'.repeat(125);
    const id = await sheet(longest, { updatedAt: '2020-01-01T00:00:00Z' });
    const first = await list('sort=title&direction=desc&perPage=1');
    expect(first.data.map((row) => row.id)).toEqual([id]);
    const next = await list(`sort=title&direction=desc&perPage=1&after=${first.meta.next_cursor}`);
    expect(next.data).toHaveLength(1);
    expect(next.data[0]!.id).not.toBe(id);
    await t.database.db.execute(sql`delete from books where id = ${id}`);
  });
});

describe('bounded totals of GET admin/books', () => {
  /** Every sheet id in the list's default order (newest update first). */
  const everyId = async (where = sql`true`) =>
    rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from books where ${where} order by updated_at desc, id desc`)).map((row) =>
      Number(row.id),
    );

  beforeAll(async () => {
    // 10,001 sheets named 'Bulk …' (one second apart), and two whose report alone says 'bulk'.
    await t.database.db.execute(sql`
      insert into books (original_title, search_text, updated_at)
      select 'Bulk ' || g, 'bulk ' || g, timestamptz '2023-01-01' + g * interval '1 second' from generate_series(1, 10001) g`);
    await t.database.db.execute(sql`
      insert into books (original_title, search_text, report, updated_at)
      select 'Report ' || g, 'report ' || g, '{"it": "Un libro bulk."}'::jsonb, timestamptz '2025-01-01' + g * interval '1 second' from generate_series(1, 2) g`);
  }, 120_000);

  it('counts up to 10,000 and says there are more, never walking the whole match set', async () => {
    const body = await list('search=bulk');
    expect(body.meta).toMatchObject({ total: 10_000, total_exact: false, current_page: 1, last_page: 2 });
    expect(body.meta.next_cursor).toEqual(expect.any(String));
    expect(body.meta.prev_cursor).toBeNull();
    const catalogue = await list('');
    expect(catalogue.meta).toMatchObject({ total: 10_000, total_exact: false });
    // Under the bound, exact again.
    expect((await list('search=report')).meta).toMatchObject({ total: 2, total_exact: true, last_page: 1, next_cursor: null });
  });

  it('pages through every match by cursor, titles first, in order, none twice, and back', async () => {
    const expected = [...(await everyId(sql`original_title like 'Bulk %'`)), ...(await everyId(sql`original_title like 'Report %'`))];
    expect(expected).toHaveLength(10_003);
    const seen: number[] = [];
    const cursors: (string | null)[] = [];
    let body = await list('search=bulk&perPage=1000');
    for (;;) {
      seen.push(...body.data.map((row) => row.id));
      cursors.push(body.meta.prev_cursor);
      if (!body.meta.next_cursor) break;
      body = await list(`search=bulk&perPage=1000&page=${body.meta.current_page + 1}&after=${body.meta.next_cursor}`);
    }
    expect(seen).toEqual(expected);
    expect(body.meta.current_page).toBe(11);
    expect(body.meta.last_page).toBe(11);
    // Before the last page's first row: the tenth page again.
    const tenth = await list(`search=bulk&perPage=1000&before=${cursors.at(-1)}`);
    expect(tenth.data.map((row) => row.id)).toEqual(expected.slice(9000, 10_000));
  }, 60_000);

  it('exports every match of a search past the bound, batch after batch, titles first, in the list’s order, and the whole catalogue', async () => {
    const exported = async (query: string) => {
      const response = await get(`books/export?format=csv&columns=id${query ? `&${query}` : ''}`);
      expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      expect(Number(response.headers['x-export-rows'])).toBe(lines.length - 1);
      return lines.slice(1).map(Number);
    };
    // 10,001 title matches then the report-only ones: more rows than a batch, and two tiers.
    expect(await exported('search=bulk')).toEqual([
      ...(await everyId(sql`original_title like 'Bulk %'`)),
      ...(await everyId(sql`original_title like 'Report %'`)),
    ]);
    expect(await exported('sort=title&direction=asc&search=report')).toEqual(
      rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from books where original_title like 'Report %' order by original_title, id`)).map(
        (row) => Number(row.id),
      ),
    );
    expect(await exported('')).toEqual(await everyId());
  }, 60_000);

  it('still answers an offset past the bound exactly', async () => {
    const expected = await everyId();
    expect(await ids('perPage=1000&page=11')).toEqual(expected.slice(10_000, 11_000));
    const matches = [...(await everyId(sql`original_title like 'Bulk %'`)), ...(await everyId(sql`original_title like 'Report %'`))];
    expect(await ids('search=bulk&perPage=50&page=201')).toEqual(matches.slice(10_000, 10_050));
  });

  it('is exact again at 10,000 matches', async () => {
    await t.database.db.execute(sql`delete from books where original_title = 'Bulk 1'`);
    await t.database.db.execute(sql`update books set report = '{}'::jsonb where original_title like 'Report %'`);
    const body = await list('search=bulk&perPage=50');
    expect(body.meta).toMatchObject({ total: 10_000, total_exact: true, last_page: 200 });
  });
});
