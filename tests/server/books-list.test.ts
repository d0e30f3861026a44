import { Readable } from 'node:stream';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translations } from '../../common/locales.js';
import {
  authors,
  bookAudiences,
  bookAuthors,
  bookCategories,
  bookFacets,
  bookFiles,
  bookGenres,
  bookPeriods,
  bookPlaces,
  bookRatings,
  bookSearchText,
  bookSeries,
  bookThematics,
  books,
  characterAgeLinks,
  characterAges,
  characters,
  countries,
  demands,
  genres,
  languages,
  RATING_TYPES,
  thematics,
  users,
  type NewBook,
  type RatingType,
} from '../../server/db/schema/index.js';
import { createStorage, generateKey, type Storage } from '../../server/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
/** The app's storage (same root: `<DATA_DIR>/files`). */
let storage: Storage;

const get = (url: string) => t.as(cookie, { method: 'GET', url: `/api/admin/${url}` });
const del = (url: string) => t.as(cookie, { method: 'DELETE', url: `/api/admin/${url}` });
const ids = async (query: string) => {
  const response = await get(`books${query ? `?${query}` : ''}`);
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return (response.json().data as { id: number }[]).map((row) => row.id);
};
const rowCount = async (table: PgTable, where?: ReturnType<typeof eq>) => (await t.database.db.select({ n: count() }).from(table).where(where))[0]!.n;

interface Sheet {
  row: Omit<NewBook, 'searchText'>;
  authors?: number[];
  genres?: number[];
  thematics?: number[];
  audiences?: number[];
  categories?: number[];
  places?: number[];
  periods?: number[];
  ratings?: Partial<Record<RatingType, number>>;
}

/** Inserts one sheet and its criteria as the save would (search_text included); returns its id. */
async function insertSheet(sheet: Sheet): Promise<number> {
  const { db } = t.database;
  const names = sheet.authors?.length
    ? (await db.select({ id: authors.id, name: authors.name }).from(authors)).filter((a) => sheet.authors!.includes(a.id))
    : [];
  const ordered = (sheet.authors ?? []).map((id) => names.find((a) => a.id === id)!.name);
  const [book] = await db
    .insert(books)
    .values({ ...sheet.row, searchText: bookSearchText(sheet.row.originalTitle, (sheet.row.titles ?? {}) as Translations, ordered) })
    .returning({ id: books.id });
  const bookId = book!.id;
  const insert = async <T extends PgTable>(table: T, values: T['$inferInsert'][]) => {
    if (values.length) await db.insert(table).values(values);
  };
  await insert(
    bookAuthors,
    (sheet.authors ?? []).map((authorId, position) => ({ bookId, authorId, position })),
  );
  await insert(
    bookGenres,
    (sheet.genres ?? []).map((genreId, i) => ({ bookId, genreId, isPrimary: i === 0 })),
  );
  await insert(
    bookThematics,
    (sheet.thematics ?? []).map((thematicId) => ({ bookId, thematicId })),
  );
  await insert(
    bookAudiences,
    (sheet.audiences ?? []).map((audienceId) => ({ bookId, audienceId })),
  );
  await insert(
    bookCategories,
    (sheet.categories ?? []).map((categoryId) => ({ bookId, categoryId })),
  );
  await insert(
    bookPlaces,
    (sheet.places ?? []).map((countryId) => ({ bookId, countryId })),
  );
  await insert(
    bookPeriods,
    (sheet.periods ?? []).map((periodId) => ({ bookId, periodId })),
  );
  await insert(
    bookRatings,
    Object.entries(sheet.ratings ?? {}).map(([type, rate]) => ({ bookId, type: type as RatingType, rate })),
  );
  return bookId;
}

const allRatings = (rate: number) => Object.fromEntries(RATING_TYPES.map((type) => [type, rate])) as Record<RatingType, number>;

let ref: {
  fr: number;
  gb: number;
  es: number;
  langFr: number;
  langEn: number;
  langEs: number;
  parentGenre: number;
  childGenre: number;
  childGenreColor: string;
  childGenreName: string;
  otherGenre: number;
  parentThematic: number;
  childThematic: number;
  otherThematic: number;
};
let hugo: number;
let anna: number;
let b1: number;
let b2: number;
let b3: number;
let b4: number;
let coverKey: string;
let all: number[];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  storage = createStorage(t.config);
  const { db } = t.database;
  const country = async (code: string) => (await db.select({ id: countries.id }).from(countries).where(eq(countries.code, code)))[0]!.id;
  const language = async (code: string) => (await db.select({ id: languages.id }).from(languages).where(eq(languages.code, code)))[0]!.id;
  const [childGenre] = await db.select().from(genres).where(isNotNull(genres.parentId)).orderBy(asc(genres.id)).limit(1);
  const [otherGenre] = await db
    .select()
    .from(genres)
    .where(and(eq(genres.id, childGenre!.parentId! + 1)));
  const [childThematic] = await db.select().from(thematics).where(isNotNull(thematics.parentId)).orderBy(asc(thematics.id)).limit(1);
  ref = {
    fr: await country('FR'),
    gb: await country('GB'),
    es: await country('ES'),
    langFr: await language('fr'),
    langEn: await language('en'),
    langEs: await language('es'),
    parentGenre: childGenre!.parentId!,
    childGenre: childGenre!.id,
    childGenreColor: childGenre!.color,
    childGenreName: (childGenre!.names as { en: string }).en,
    otherGenre: otherGenre!.id,
    parentThematic: childThematic!.parentId!,
    childThematic: childThematic!.id,
    otherThematic: childThematic!.parentId! + 1,
  };
  [hugo, anna] = (
    await db
      .insert(authors)
      .values([
        { name: 'Hugo Véron', searchText: 'hugo veron' },
        { name: 'Anna Smith', searchText: 'anna smith' },
      ])
      .returning({ id: authors.id })
  ).map((a) => a.id) as [number, number];

  b1 = await insertSheet({
    row: {
      originalTitle: "L'Été des Ombres",
      titles: { fr: "L'Été des Ombres", en: 'Summer of Shadows' },
      statusId: 1,
      rightsStatusId: 1,
      publicationDate: '2020-03-01',
      timeId: 1,
      formatId: 1,
      originalCountryId: ref.fr,
      languageId: ref.langFr,
      nbPages: 320,
      serie: true,
      updatedAt: new Date('2024-01-04T10:00:00Z'),
    },
    authors: [hugo],
    genres: [ref.childGenre],
    thematics: [ref.childThematic],
    audiences: [1],
    categories: [1],
    places: [ref.fr],
    periods: [1],
    ratings: allRatings(4),
  });
  b2 = await insertSheet({
    row: {
      originalTitle: 'The Winter Road',
      titles: { en: 'The Winter Road', fr: "La Route d'hiver" },
      statusId: 2,
      rightsStatusId: 2,
      publicationDate: '2021-07-01',
      timeId: 2,
      formatId: 2,
      originalCountryId: ref.gb,
      languageId: ref.langEn,
      updatedAt: new Date('2024-01-03T10:00:00Z'),
    },
    authors: [anna],
    genres: [ref.otherGenre],
    thematics: [ref.otherThematic],
    audiences: [2],
    categories: [2],
    places: [ref.gb],
    periods: [2],
    ratings: allRatings(2),
  });
  b3 = await insertSheet({
    row: {
      originalTitle: 'El Río',
      titles: { es: 'El Río', de: 'Der Fluss' },
      statusId: 4,
      rightsStatusId: 2,
      originalCountryId: ref.es,
      languageId: ref.langEs,
      updatedAt: new Date('2024-01-02T10:00:00Z'),
    },
    authors: [anna, hugo],
    genres: [ref.parentGenre],
    thematics: [ref.parentThematic],
    audiences: [1, 2],
    places: [ref.es],
  });
  b4 = await insertSheet({ row: { originalTitle: 'Der Garten', statusId: 3, updatedAt: new Date('2024-01-01T10:00:00Z') } });
  all = [b1, b2, b3, b4];
  coverKey = generateKey('books', 'png');
  await storage.put(coverKey, Readable.from([Buffer.from('cover')]), { contentType: 'image/png' });
  await db.insert(bookFiles).values({ bookId: b1, type: 2, originalName: 'cover.png', storedName: coverKey, size: 5, mime: 'image/png' });
});
afterAll(async () => t.close());

describe('GET admin/books', () => {
  it('lists every sheet, newest update first, with the columns the list shows and offers', async () => {
    const { db } = t.database;
    const englishName = async (table: typeof countries | typeof languages, id: number) =>
      ((await db.select({ names: table.names }).from(table).where(eq(table.id, id)))[0]!.names as { en: string }).en;
    const response = await get('books');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ total: 4, current_page: 1, per_page: 10, last_page: 1, total_exact: true, next_cursor: null, prev_cursor: null });
    expect(body.data.map((row: { id: number }) => row.id)).toEqual(all);
    expect(body.data[0]).toEqual({
      id: b1,
      original_title: "L'Été des Ombres",
      authorList: [{ id: hugo, name: 'Hugo Véron' }],
      author_names: 'Hugo Véron',
      status: { id: 1, label: 'Draft' },
      status_label: 'Draft',
      rights_status: { id: 1, label: 'Sold' },
      primary_genre_color: ref.childGenreColor,
      primary_genre_name: ref.childGenreName,
      cover_url: `/api/admin/files/${coverKey}`,
      publication_date: '2020-03',
      updated_at: '2024-01-04T10:00:00.000Z',
      // Offered with the Columns button: the country and the language by name, the pages, the stars of each rating.
      original_country: await englishName(countries, ref.fr),
      language: await englishName(languages, ref.langFr),
      nb_pages: 320,
      ...Object.fromEntries(RATING_TYPES.map((type) => [`${type}_rating`, 4])),
    });
    expect(body.data[0].original_country).toBe('France');
    expect(body.data[1]).toMatchObject({ quality_rating: 2, commercial_rating: 2, nb_pages: null, language: await englishName(languages, ref.langEn) });
    expect(body.data[2]).toMatchObject({
      authorList: [
        { id: anna, name: 'Anna Smith' },
        { id: hugo, name: 'Hugo Véron' },
      ],
      author_names: 'Anna Smith, Hugo Véron',
      publication_date: null,
    });
    expect(body.data[3]).toMatchObject({
      authorList: [],
      author_names: '',
      primary_genre_color: null,
      primary_genre_name: null,
      cover_url: null,
      rights_status: { id: 4, label: 'Available' },
    });
    // Not rated, no country, language or pages: nothing, not 0.
    expect(body.data[3]).toMatchObject({
      original_country: null,
      language: null,
      nb_pages: null,
      ...Object.fromEntries(RATING_TYPES.map((type) => [`${type}_rating`, null])),
    });
  });

  it('searches the original title, the titles in every locale and the authors, ignoring case and accents', async () => {
    expect(await ids('search=ETE%20des')).toEqual([b1]);
    expect(await ids(`search=${encodeURIComponent('été OMBRES')}`)).toEqual([b1]);
    expect(await ids('search=summer')).toEqual([b1]);
    expect(await ids(`search=${encodeURIComponent('route d’hiver'.replace('’', "'"))}`)).toEqual([b2]);
    expect(await ids('search=fluss')).toEqual([b3]);
    expect(await ids('search=VERON')).toEqual([b1, b3]);
    expect(await ids(`search=${encodeURIComponent('véron río')}`)).toEqual([b3]);
    expect(await ids('search=100%25')).toEqual([]);
    expect(await ids('search=%20%20')).toEqual(all);
  });

  it.each([
    ['author', () => `author=${anna}`, () => [b2, b3]],
    ['author[]', () => `author[]=${hugo}`, () => [b1, b3]],
    ['rightsStatus', () => 'rightsStatus=2', () => [b2, b3]],
    ['rightsStatus (default 4)', () => 'rightsStatus[]=4&rightsStatus[]=1', () => [b1, b4]],
    ['publicationDate', () => 'publicationDate=2020-03', () => [b1]],
    ['statuses', () => 'statuses[]=1&statuses[]=4', () => [b1, b3]],
    ['audiences', () => 'audiences=2', () => [b2, b3]],
    ['genres (a parent matches its sub-genres)', () => `genres=${ref.parentGenre}`, () => [b1, b3]],
    ['genres (a sub-genre)', () => `genres=${ref.childGenre}`, () => [b1]],
    ['genres, repeated', () => `genres=${ref.childGenre}&genres=${ref.otherGenre}`, () => [b1, b2]],
    ['genres[], bracketed', () => `genres[]=${ref.childGenre}&genres[]=${ref.otherGenre}`, () => [b1, b2]],
    ['categories', () => 'categories=1', () => [b1]],
    ['thematics (a parent matches its children)', () => `thematics=${ref.parentThematic}`, () => [b1, b3]],
    ['thematics (a child)', () => `thematics[]=${ref.childThematic}`, () => [b1]],
    ['places', () => `places=${ref.gb}`, () => [b2]],
    ['periods', () => 'periods=2', () => [b2]],
    ['times', () => 'times=1', () => [b1]],
    ['nativeCountry', () => `nativeCountry=${ref.es}`, () => [b3]],
    ['motherTongue', () => `motherTongue=${ref.langEn}`, () => [b2]],
    ['series 1 (all books)', () => 'series=1', () => all],
    ['series 2 (series only)', () => 'series=2', () => [b1]],
    ['series 3 (not a series)', () => 'series=3', () => [b2, b3, b4]],
    ['formats', () => 'formats=2', () => [b2]],
    ['two filters together (AND)', () => `genres=${ref.parentGenre}&audiences=2`, () => [b3]],
    ['a filter and the search', () => `audiences=1&search=veron`, () => [b1, b3]],
    ['an unknown id', () => 'genres=999999', () => []],
    ['empty values are ignored', () => 'genres=&statuses[]=', () => all],
  ])('filters by %s', async (_, query, expected) => {
    const found = await ids(query());
    expect(found).toEqual(expected());
    if (!_.startsWith('series 1') && !_.startsWith('empty')) expect(found).not.toEqual(all);
  });

  it.each(RATING_TYPES)('filters by minimum %s stars, as `type=n` or `ratings[type]=n`', async (type) => {
    expect(await ids(`${type}=3`)).toEqual([b1]);
    expect(await ids(`ratings[${type}]=2`)).toEqual([b1, b2]);
    expect(await ids(`${type}=0`)).toEqual(all);
  });

  it('sorts by id, title, publication date and update date, both ways', async () => {
    expect(await ids('sort=id')).toEqual([b1, b2, b3, b4]);
    expect(await ids('sort=id&direction=desc')).toEqual([b4, b3, b2, b1]);
    expect(await ids('sort=title')).toEqual([b4, b3, b1, b2]);
    expect(await ids('sort=title&direction=desc')).toEqual([b2, b1, b3, b4]);
    expect(await ids('sort=publication_date')).toEqual([b2, b1, b4, b3]);
    expect(await ids('sort=publication_date&direction=asc')).toEqual([b1, b2, b3, b4]);
    expect(await ids('sort=updated_at&direction=asc')).toEqual([b4, b3, b2, b1]);
  });

  it('pages the same whichever way the page is found (sorting the matches, or walking the sort index)', async () => {
    // Before ANALYZE the table has no row estimate and every filtered page walks the sort index;
    // after it, a page with few matches sorts the matches instead.
    const queries = [
      'statuses[]=1&statuses[]=4',
      'search=veron&sort=title&direction=desc',
      `genres=${ref.parentGenre}&sort=publication_date`,
      'series=3&perPage=2&page=2&sort=id',
      'quality=2&sort=updated_at&direction=asc',
      'audiences=1&page=5',
    ];
    const before = await Promise.all(queries.map((query) => get(`books?${query}`).then((r) => r.json())));
    await t.database.db.execute(sql`analyze books`);
    const estimate = (await t.database.db.execute(sql`select reltuples from pg_class where oid = 'books'::regclass`)) as unknown as {
      rows: { reltuples: number }[];
    };
    expect(Number(estimate.rows[0]!.reltuples)).toBeGreaterThan(0);
    const after = await Promise.all(queries.map((query) => get(`books?${query}`).then((r) => r.json())));
    expect(after).toEqual(before);
    expect(before.map((body) => body.meta.total)).toEqual([2, 2, 2, 3, 2, 2]);
    expect(before[5].data).toEqual([]);
  });

  it('pages with meta', async () => {
    const body = (await get('books?perPage=3&page=2&sort=id')).json();
    expect(body.meta).toMatchObject({ total: 4, current_page: 2, per_page: 3, last_page: 2, total_exact: true, next_cursor: null });
    expect(body.data.map((row: { id: number }) => row.id)).toEqual([b4]);
    // The page before this one, by its cursor: the same rows as page 1.
    const before = (await get(`books?perPage=3&sort=id&before=${body.meta.prev_cursor}`)).json();
    expect(before.data.map((row: { id: number }) => row.id)).toEqual([b1, b2, b3]);
    expect(before.meta.prev_cursor).toBeNull();
    expect((await get('books?page=9')).json().data).toEqual([]);
    expect((await get('books?perPage=1000')).statusCode).toBe(200);
  });

  it.each([
    ['perPage=1001', 'perPage'],
    ['perPage=0', 'perPage'],
    ['page=abc', 'page'],
    ['genres=abc', 'genres'],
    ['genres[]=1&genres[]=x', 'genres'],
    ['author=0', 'author'],
    ['statuses=99999999999', 'statuses'],
    ['publicationDate=2020-13', 'publicationDate'],
    ['publicationDate=March', 'publicationDate'],
    ['series=4', 'series'],
    ['quality=5', 'quality'],
    ['ratings[plot]=-1', 'plot'],
    ['commercial=high', 'commercial'],
    ['sort=author', 'sort'],
    ['direction=up', 'direction'],
    ['search=a&search=b', 'search'],
  ])('answers 422 on the key for %s', async (query, key) => {
    const response = await get(`books?${query}`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([key]);
    expect(response.json().message).toEqual(response.json().errors[key][0]);
  });
});

describe('the facets the filters read (book_facets, kept by triggers)', () => {
  it('follow every later write of the sheet, its criteria, authors and ratings', async () => {
    const { db } = t.database;
    const id = await insertSheet({ row: { originalTitle: 'Facet probe', statusId: 2 }, genres: [ref.otherGenre], ratings: { plot: 1 } });
    const has = async (query: string) => (await ids(query)).includes(id);
    expect(await has('statuses=2')).toBe(true);
    expect(await has(`genres=${ref.otherGenre}`)).toBe(true);

    await db.update(books).set({ statusId: 3, serie: true, publicationDate: '2019-05-01', languageId: ref.langEs }).where(eq(books.id, id));
    expect(await has('statuses=2')).toBe(false);
    expect(await has('statuses=3&series=2&publicationDate=2019-05')).toBe(true);
    expect(await has(`motherTongue=${ref.langEs}`)).toBe(true);
    expect(await has('search=probe')).toBe(true);
    await db.update(books).set({ originalTitle: 'Sonde', searchText: 'sonde' }).where(eq(books.id, id));
    expect(await has('search=probe')).toBe(false);
    expect(await has('search=SONDE')).toBe(true);

    await db.delete(bookGenres).where(eq(bookGenres.bookId, id));
    await db.insert(bookGenres).values([{ bookId: id, genreId: ref.childGenre, isPrimary: true }]);
    expect(await has(`genres=${ref.otherGenre}`)).toBe(false);
    expect(await has(`genres=${ref.parentGenre}`)).toBe(true);

    await db.insert(bookAuthors).values({ bookId: id, authorId: anna });
    expect(await has(`author=${anna}`)).toBe(true);
    await db.update(bookAuthors).set({ authorId: hugo }).where(eq(bookAuthors.bookId, id));
    expect(await has(`author=${anna}`)).toBe(false);
    expect(await has(`author=${hugo}`)).toBe(true);

    expect(await has('plot=2')).toBe(false);
    await db.update(bookRatings).set({ rate: 4 }).where(eq(bookRatings.bookId, id));
    await db.insert(bookRatings).values({ bookId: id, type: 'emotions', rate: 3 });
    expect(await has('plot=4&emotions=3')).toBe(true);
    await db.delete(bookRatings).where(and(eq(bookRatings.bookId, id), eq(bookRatings.type, 'plot')));
    expect(await has('plot=1')).toBe(false);
    expect(await has('emotions=3')).toBe(true);

    expect((await del(`books/${id}`)).statusCode).toBe(200);
    expect(await rowCount(bookFacets, eq(bookFacets.bookId, id))).toBe(0);
    expect(await rowCount(bookFacets)).toBe(all.length);
  });
});

describe('GET admin/books/options', () => {
  it('lists id, original title and authors, searched like the list, 10 per page by default', async () => {
    const body = (await get('books/options?search=veron')).json();
    expect(body.meta).toEqual({ total: 2, current_page: 1, per_page: 10, last_page: 1 });
    expect(body.data).toEqual([
      { id: b1, original_title: "L'Été des Ombres", authorList: [{ id: hugo, name: 'Hugo Véron' }] },
      {
        id: b3,
        original_title: 'El Río',
        authorList: [
          { id: anna, name: 'Anna Smith' },
          { id: hugo, name: 'Hugo Véron' },
        ],
      },
    ]);
    expect((await get('books/options')).json().data.map((row: { id: number }) => row.id)).toEqual(all);
    expect((await get(`books/options?ids[]=${b2}&ids[]=${b4}`)).json().data.map((row: { id: number }) => row.id)).toEqual([b2, b4]);
    expect((await get('books/options?perPage=1')).json().meta.last_page).toBe(4);
    expect((await get('books/options?perPage=5000')).statusCode).toBe(422);
  });
});

describe('DELETE admin/books/{id}', () => {
  it('deletes the sheet, its owned rows and its stored files', async () => {
    const { db } = t.database;
    const id = await insertSheet({ row: { originalTitle: 'To delete' }, authors: [hugo], genres: [ref.childGenre], ratings: { plot: 3 }, audiences: [1] });
    await db.insert(bookSeries).values({ bookId: id, name: 'Saga', number: 1 });
    const [character] = await db.insert(characters).values({ bookId: id, name: 'Hero' }).returning({ id: characters.id });
    const [age] = await db.select({ id: characterAges.id }).from(characterAges).limit(1);
    await db.insert(characterAgeLinks).values({ characterId: character!.id, ageId: age!.id });
    const keys = [generateKey('books', 'pdf'), generateKey('books', 'png'), generateKey('books', 'pdf')];
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from('%PDF-1.4')]), { contentType: 'application/pdf' });
    await db.insert(bookFiles).values([
      { bookId: id, type: 1, originalName: 'doc.pdf', storedName: keys[0]!, size: 8, mime: 'application/pdf' },
      { bookId: id, type: 2, originalName: 'cover.png', storedName: keys[1]!, size: 8, mime: 'image/png' },
    ]);
    await db.update(books).set({ manuscriptStoredName: keys[2]!, manuscriptOriginalName: 'm.pdf', manuscriptSize: 8 }).where(eq(books.id, id));

    const response = await del(`books/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully' });
    expect(await rowCount(books, eq(books.id, id))).toBe(0);
    for (const [table, column] of [
      [bookAuthors, bookAuthors.bookId],
      [bookGenres, bookGenres.bookId],
      [bookRatings, bookRatings.bookId],
      [bookAudiences, bookAudiences.bookId],
      [bookSeries, bookSeries.bookId],
      [characters, characters.bookId],
      [bookFiles, bookFiles.bookId],
    ] as const) {
      expect(await rowCount(table, eq(column, id))).toBe(0);
    }
    expect(await rowCount(characterAgeLinks, eq(characterAgeLinks.characterId, character!.id))).toBe(0);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(coverKey)).toBe(true);
    expect(await rowCount(authors, eq(authors.id, hugo))).toBe(1);
    expect((await del(`books/${id}`)).statusCode).toBe(404);
  });

  it('refuses with 409 while requests point at the sheet, keeping everything', async () => {
    const { db } = t.database;
    const id = await insertSheet({ row: { originalTitle: 'Requested' }, genres: [ref.childGenre] });
    const key = generateKey('books', 'pdf');
    await storage.put(key, Readable.from([Buffer.from('%PDF-1.4')]), { contentType: 'application/pdf' });
    await db.insert(bookFiles).values({ bookId: id, type: 1, originalName: 'doc.pdf', storedName: key, size: 8, mime: 'application/pdf' });
    const [user] = await db.insert(users).values({ email: 'reader@example.test', firstname: 'Rea', lastname: 'Der' }).returning({ id: users.id });
    await db.insert(demands).values({ userId: user!.id, bookId: id, demandTypeId: 1, demandStatusId: 1 });

    const response = await del(`books/${id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This reading sheet has requests and cannot be deleted: delete or detach its requests first.');
    expect(await rowCount(books, eq(books.id, id))).toBe(1);
    expect(await rowCount(bookGenres, eq(bookGenres.bookId, id))).toBe(1);
    expect(await storage.exists(key)).toBe(true);

    await db.delete(demands).where(eq(demands.bookId, id));
    expect((await del(`books/${id}`)).statusCode).toBe(200);
    expect(await storage.exists(key)).toBe(false);
  });

  it('answers 404 for an unknown id or a path that is not an id', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const response = await del(`books/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Reading sheet not found');
    }
  });
});
