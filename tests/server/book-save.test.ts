import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_RULES } from '../../common/fileRules.js';
import { sheetWriteRepository } from '../../server/db/repositories/sheets/sheetWriteRepository.js';
import { fileListRepository } from '../../server/db/repositories/engine/fileListRepository.js';
import { authors, books, bookSearchText } from '../../server/db/schema/index.js';
import type { SheetSavedEvent } from '../../server/sheets/sheetSaveEvents.js';
import { READING_SHEET_FIELDS, SHEET_SAVE_OPTIONS } from '../../server/resources/readingSheets.js';
import { READING_SHEET_SCHEMA } from '../../server/sheets/sheetSaveInput.js';
import { STALE_SHEET_MESSAGE } from '../../server/sheets/sheetSaveService.js';
import { createSheetService } from '../../server/compose/appServices.js';
import { servicePartsOf } from '../../server/plugins/services.js';
import { withRequestContext } from '../../server/http/requestContext.js';
import { filesRoot, LocalDiskStorage } from '../../server/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import {
  fullSheet,
  keyOfUrl,
  multipart,
  referenceIds,
  sample,
  seedDirectory,
  sheetParts,
  storedFiles,
  writablePart,
  type Directory,
  type FullSheet,
  type Part,
  type ReferenceIds,
} from './book-sheet-fixtures.js';

let dataDir: string;
let t: TestApp;
let cookie: string;
let storage: LocalDiskStorage;
let ref: ReferenceIds;
let dir: Directory;
let sheet: FullSheet;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'book-save-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.login();
  storage = new LocalDiskStorage(filesRoot(t.config));
  ref = await referenceIds(t.database.db);
  dir = await seedDirectory(t.database.db);
  sheet = fullSheet(ref, dir);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Data = Record<string, unknown> & { id: number; version: number };

const url = (id?: number | string) => `/api/admin/books${id === undefined ? '' : `/${id}`}`;
const postJson = (body: unknown, id?: number | string) =>
  t.as(cookie, { method: 'POST', url: url(id), payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const postForm = (parts: Part[], id?: number | string) => t.as(cookie, { method: 'POST', url: url(id), ...multipart(parts) });
const getSheet = async (id: number): Promise<Data> => {
  const response = await t.as(cookie, { method: 'GET', url: url(id) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const del = (path: string) => t.as(cookie, { method: 'DELETE', url: `/api/admin/${path}` });

/** Creates a sheet from JSON and returns the saved data. */
async function create(body: object = { original_title: 'A sheet' }): Promise<Data> {
  const response = await postJson(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A save expected to answer 422: its errors, after checking `message` is the first one. */
async function invalid(response: Awaited<ReturnType<typeof postJson>>): Promise<Record<string, string[]>> {
  expect(response.statusCode, response.body).toBe(422);
  const { message, errors } = response.json() as { message: string; errors: Record<string, string[]> };
  expect(message).toBe(Object.values(errors)[0]![0]);
  return errors;
}

const file = (name: string, filename: string, content: Buffer): Part => ({ name, filename, content });

describe('POST admin/books (create)', () => {
  it('creates a full sheet from the multipart form with files, and GET gives it back equal', async () => {
    const before = await storedFiles(storage);
    const response = await postForm(
      sheetParts({ ...sheet, withNotification: 1 }, [
        file('documentList[]', 'contract.pdf', sample('pdf')),
        file('documentList[]', 'Pitch deck.docx', sample('docx')),
        file('cover_file[]', 'cover.png', sample('png')),
        file('video_file[]', 'trailer.mp4', sample('mp4')),
        file('manuscript', 'manuscript.pdf', sample('pdf', 1000)),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { message, data, withNotification } = response.json() as { message: string; data: Data; withNotification: number };
    // Saved with notification: a new sheet has no follower yet (docs/notifications.md).
    expect(message).toBe('Saved; no one follows this reading sheet, so no one was notified.');
    expect(withNotification).toBe(1);
    expect(writablePart(data)).toEqual(writablePart(sheet as unknown as Record<string, unknown>));
    expect(writablePart(data)).toEqual(sheet);
    expect(await getSheet(data.id)).toEqual(data);

    // Display names next to the ids, labels, files with URLs.
    expect(data.authorList).toEqual([
      { id: dir.authors[1]!.id, name: 'Ursula K. Le Guin', type: 1 },
      { id: dir.authors[0]!.id, name: 'Frank Herbert', type: 2 },
    ]);
    expect(data.contactList).toEqual([
      { id: dir.contacts[1]!.id, name: 'Marc Editor', company: null, audiovisual_law: 1 },
      { id: dir.contacts[0]!.id, name: 'Claire Agent', company: 'Gallimard', audiovisual_law: 0 },
    ]);
    expect(data.sourceList).toEqual([
      { id: dir.contacts[0]!.id, name: 'Claire Agent', other: null, date: '2024-03-14', mail: 'Fwd: Dune – reading copy' },
      { id: null, name: null, other: 'Frankfurter Buchmesse', date: '2023-10-20', mail: null },
    ]);
    expect(data.status).toEqual({ id: 2, label: 'In progress' });
    expect(data.rights_status).toEqual({ id: 3, label: 'Under negotiation' });
    expect(data.company).toEqual({ id: dir.companies[0]!.id, name: 'Gallimard' });
    expect(data.version).toBe(1);
    expect(data.rights_status_updated_at).toEqual(expect.any(String));
    expect(data).toMatchObject({ is_ai_generation_running: false, has_ai_results: false, ai_generation_error: null, reporterList: [], requestList: [] });
    const documents = data.documentList as { id: number; name: string; type: number; full_path: string }[];
    expect(documents.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'contract.pdf', type: 1 },
      { name: 'Pitch deck.docx', type: 1 },
    ]);
    expect(documents[1]!.full_path).toMatch(/^\/api\/admin\/files\/books\/\d{4}\/\d{2}\/[0-9a-f-]+\.docx\?name=Pitch%20deck\.docx$/);
    expect((data.coverList as { name: string; type: number }[]).map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'cover.png', type: 2 }]);
    expect((data.videoList as { name: string; type: number }[]).map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'trailer.mp4', type: 3 }]);
    expect(data.manuscript).toMatchObject({ name: 'manuscript.pdf', size: 1000, full_path: expect.stringMatching(/\.pdf\?name=manuscript\.pdf$/) });

    // The five files are in storage and served.
    expect((await storedFiles(storage)).length).toBe(before.length + 5);
    const served = await t.as(cookie, { method: 'GET', url: (data.manuscript as { full_path: string }).full_path });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // search_text: original title, every title, the authors.
    const [row] = await t.database.db.select({ searchText: books.searchText }).from(books).where(eq(books.id, data.id));
    expect(row!.searchText).toBe(bookSearchText('Dune', sheet.titles, ['Ursula K. Le Guin', 'Frank Herbert']));
  });

  it('creates the same sheet from JSON, with defaults for the statuses', async () => {
    const { status_id: _s, rights_status_id: _r, ...rest } = sheet;
    const response = await postJson(rest);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Data;
    expect(writablePart(data)).toEqual({ ...rest, status_id: 1, rights_status_id: 4 });
    expect(response.json().withNotification).toBe(0);
  });

  it('creates on POST admin/books/ too (the empty id of SPEC §7)', async () => {
    const response = await t.as(cookie, { method: 'POST', url: '/api/admin/books/', payload: { original_title: 'Empty id' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Added successfully to the database', data: { original_title: 'Empty id', version: 1 } });
  });

  it('creates a minimal sheet: empty lists, empty maps, nulls, flags 0', async () => {
    const data = await create({ original_title: '  Only a title  ' });
    expect(data).toMatchObject({
      original_title: 'Only a title',
      status_id: 1,
      rights_status_id: 4,
      company: null,
      publication_date: null,
      universal: 0,
      serie: 0,
      titles: {},
      genres: [],
      primary_genre: null,
      seriesList: [],
      characters: [],
      ratings: {},
      documentList: [],
      coverList: [],
      videoList: [],
      manuscript: null,
    });
  });

  it('refuses a body that is neither a form nor JSON', async () => {
    const text = await t.as(cookie, { method: 'POST', url: url(), payload: 'original_title=x', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(await invalid(await postJson([1, 2]))).toEqual({ _: ['The request body must be an object.'] });
    expect(Object.keys(await invalid(await t.as(cookie, { method: 'POST', url: url() })))).toEqual(['original_title']);
  });
});

describe('validation (422 with the nested keys of SPEC §5)', () => {
  it('reports every schema error by dotted key', async () => {
    const errors = await invalid(
      await postJson({
        titles: { fr: 12, pt: 'Duna' },
        publication_date: '2024-13',
        nb_pages: -1,
        universal: 2,
        seriesList: [{ name: 'Saga', number: 1 }, { number: 0 }, { name: '', number: 'two' }],
        sourceList: [{ other: 'Fair', date: '14/03/2024', mail: 'x'.repeat(501) }, { date: '2024-01-01' }],
        characters: [{ name: 'Paul' }, { function: 1 }],
        ratings: { quality: 5, plot: -1, commercial: 2, charm: 3 },
        genres: [1, 1],
      }),
    );
    expect(errors).toEqual({
      original_title: ['The original title field is required.'],
      'titles.fr': ['The title (Français) must be a string.'],
      titles: ['The pt field is not allowed.'],
      publication_date: ['The publication date format is invalid.'],
      nb_pages: ['The number of pages must be at least 0.'],
      universal: ['The selected universal is invalid.'],
      'seriesList.1.name': ['The series name field is required.'],
      'seriesList.1.number': ['The volume number must be at least 1.'],
      'seriesList.2.name': ['The series name field is required.'],
      'seriesList.2.number': ['The volume number must be an integer.'],
      'sourceList.0.date': ['The date format is invalid.'],
      'sourceList.0.mail': ['The mail may not be greater than 500 characters.'],
      'sourceList.1.other': ['The other field is required when no contact is chosen.'],
      'characters.1.name': ['The name field is required.'],
      'ratings.quality': ['The literary quality may not be greater than 4.'],
      'ratings.plot': ['The plot must be at least 0.'],
      ratings: ['The charm field is not allowed.'],
      genres: ['The genres field lists the same value twice.'],
    });
  });

  it('answers author_list for an author listed twice, and the rules beyond the schema', async () => {
    const errors = await invalid(
      await postJson({
        original_title: 'Twice',
        authorList: [{ id: dir.authors[0]!.id }, { id: dir.authors[1]!.id }, { id: dir.authors[0]!.id, type: 2 }],
        contactList: [{ id: dir.contacts[0]!.id }, { id: dir.contacts[0]!.id }],
        genres: [ref.genres[0]!],
        primary_genre: ref.genres[1]!,
      }),
    );
    expect(errors).toEqual({
      author_list: ['An author can be added to a sheet only once.'],
      'contactList.1.id': ['This contact is already on the sheet.'],
      primary_genre: ['The primary genre must be one of the genres.'],
    });
  });

  it('answers 422 on the key of every referenced id that does not exist', async () => {
    const missing = 999_999;
    const errors = await invalid(
      await postJson({
        original_title: 'Ghosts',
        original_country_id: missing,
        status_id: 99,
        company_id: missing,
        genres: [ref.genres[0]!, missing],
        literary_prizes: [missing],
        authorList: [{ id: dir.authors[0]!.id, type: 99 }, { id: missing }],
        sourceList: [{ id: missing }],
        characters: [{ name: 'Paul', ages: [ref.ages[0]!, missing], gender: missing }],
      }),
    );
    expect(errors).toEqual({
      original_country_id: ['The selected original country does not exist.'],
      status_id: ['The selected status does not exist.'],
      company_id: ['The selected publishing house does not exist.'],
      'genres.1': ['The selected genre does not exist.'],
      'literary_prizes.0': ['The selected literary prize does not exist.'],
      'authorList.0.type': ['The selected author type does not exist.'],
      'authorList.1.id': ['The selected author does not exist.'],
      'sourceList.0.id': ['The selected contact does not exist.'],
      'characters.0.gender': ['The selected gender does not exist.'],
      'characters.0.ages.1': ['The selected age does not exist.'],
    });
  });

  it('keys multipart errors by the indexes the client sent, and refuses bad shapes', async () => {
    const errors = await invalid(
      await postForm([
        { name: 'original_title', value: 'Sparse' },
        { name: 'seriesList[4][name]', value: 'Saga' },
        { name: 'seriesList[4][number]', value: '1' },
        { name: 'seriesList[9][name]', value: '' },
        { name: 'seriesList[9][number]', value: 'x' },
        { name: 'characters[2][characterisations][fr]', value: 'Sans nom' },
        { name: 'ratings[emotions]', value: '7' },
        { name: 'titles[fr]', value: 'x'.repeat(100_001) },
      ]),
    );
    expect(errors).toEqual({
      'seriesList.9.name': ['The series name field is required.'],
      'seriesList.9.number': ['The volume number must be an integer.'],
      'characters.2.name': ['The name field is required.'],
      'ratings.emotions': ['The emotions may not be greater than 4.'],
      'titles.fr': ['The title (Français) may not be greater than 100000 characters.'],
    });
    expect(
      await invalid(
        await postForm([
          { name: 'genres', value: '1' },
          { name: 'genres[]', value: '2' },
        ]),
      ),
    ).toEqual({
      genres: [expect.stringMatching(/both as a value and as a list/)],
    });
    expect(Object.keys(await invalid(await postForm([{ name: 'seriesList[5000][name]', value: 'x' }])))).toEqual(['seriesList.5000']);
  });

  it('never answers 500 on values PostgreSQL cannot store: year 0, NUL characters', async () => {
    expect(await invalid(await postJson({ original_title: 'Old', publication_date: '0000-01', sourceList: [{ other: 'x', date: '0000-01-01' }] }))).toEqual({
      publication_date: ['The publication date format is invalid.'],
      'sourceList.0.date': ['The date format is invalid.'],
    });
    // A NUL character is refused by the body parsers, JSON and multipart alike, naming the field.
    expect(await invalid(await postJson({ original_title: 'Nul', characters: [{ name: 'A\u0000B' }] }))).toEqual({
      'characters.0.name': ['The name field contains a character that is not allowed.'],
    });
    expect(
      await invalid(
        await postForm([
          { name: 'original_title', value: 'Form' },
          { name: 'titles[en]', value: 'T\u0000itle' },
        ]),
      ),
    ).toEqual({
      'titles.en': ['The titles field contains a character that is not allowed.'],
    });
  });

  it('updates without a version as SPEC §7 sends a save (writing over), and refuses an older one', async () => {
    const created = await create();
    const saved = await postJson({ original_title: 'No version' }, created.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ original_title: 'No version', version: created.version + 1 });
    const stale = await postJson({ original_title: 'Stale', version: created.version }, created.id);
    expect(stale.statusCode).toBe(409);
    expect((await getSheet(created.id)).original_title).toBe('No version');
  });

  it('refuses a field the sheet neither stores nor returns, naming it, from JSON and from a form', async () => {
    const created = await create();
    const message = 'The nickname field is not accepted: Reading sheet records have no such field.';
    expect(await invalid(await postJson({ original_title: 'Kept', version: created.version, nickname: 'x' }, created.id))).toEqual({ nickname: [message] });
    expect(
      await invalid(
        await postForm([
          { name: 'original_title', value: 'Kept' },
          { name: 'nickname', value: 'x' },
        ]),
      ),
    ).toEqual({ nickname: [message] });
    expect((await getSheet(created.id)).original_title).toBe('A sheet');
  });

  it('saves a sheet sent back as it was read: its returned read-only fields are ignored', async () => {
    const created = await create(sheet);
    const read = await getSheet(created.id);
    const response = await postJson(read, created.id);
    expect(response.statusCode, response.body).toBe(200);
    const { version: _before, updated_at: _at, ...unchanged } = read;
    const { version, updated_at: _saved, ...saved } = response.json().data as Data;
    expect(saved).toEqual(unchanged);
    expect(version).toBe(read.version + 1);
    expect(Object.keys(read).sort()).toEqual(
      [
        ...new Set([
          ...Object.keys(READING_SHEET_SCHEMA.properties).filter((key) => !SHEET_SAVE_OPTIONS.includes(key)),
          // Every field its declaration says an answer carries.
          ...Object.entries(READING_SHEET_FIELDS).flatMap(([key, field]) => ('returned' in field && field.returned === 'never' ? [] : [key])),
        ]),
      ].sort(),
    );
  });

  it('stores nothing when a save is refused after its files were received', async () => {
    const before = await storedFiles(storage);
    await invalid(
      await postForm([{ name: 'original_title', value: '' }, file('documentList[]', 'a.pdf', sample('pdf')), file('cover_file[]', 'c.png', sample('png'))]),
    );
    await invalid(await postForm([{ name: 'original_title', value: 'x' }, { name: 'genres[]', value: '999999' }, file('manuscript', 'm.pdf', sample('pdf'))]));
    await invalid(await postForm([{ name: 'a[0]', value: 'x' }, { name: 'a[0][b]', value: 'y' }, file('manuscript', 'm.pdf', sample('pdf'))]));
    expect(await storedFiles(storage)).toEqual(before);
  });
});

describe('POST admin/books/{id} (update)', () => {
  it('replaces the lists, keeping the ids of kept series items and characters', async () => {
    const created = await create(sheet);
    const [series1, series2] = created.seriesList as { id: number; name: string; number: number }[];
    const [paul, chani] = created.characters as { id: number; name: string }[];
    const update = {
      ...sheet,
      version: created.version,
      original_title: 'Dune Messiah',
      seriesList: [
        { name: 'New saga', number: 3 },
        { id: series2!.id, name: 'Dune Saga', number: 4 },
      ],
      characters: [{ id: chani!.id, name: 'Chani Kynes', ages: [ref.ages[0]!] }, { name: 'Leto II' }],
      authorList: [{ id: dir.authors[2]!.id }],
      contactList: [],
      sourceList: [{ other: 'A tip' }],
      genres: [ref.genres[3]!],
      primary_genre: undefined,
      ratings: { quality: 4 },
      titles: { en: 'Dune Messiah' },
    };
    const response = await postJson(update, created.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Updated successfully');
    const data = response.json().data as Data;
    expect(data.version).toBe(created.version + 1);
    const series = data.seriesList as { id: number }[];
    expect(series).toEqual([
      { id: expect.any(Number), name: 'New saga', number: 3 },
      { id: series2!.id, name: 'Dune Saga', number: 4 },
    ]);
    expect(series.map((item) => item.id)).not.toContain(series1!.id);
    expect((data.characters as { id: number }[]).map((c) => c.id)).toEqual([chani!.id, expect.any(Number)]);
    expect((data.characters as { id: number }[])[1]!.id).not.toBe(paul!.id);
    // A kept character is saved whole too: its maps left out are emptied.
    expect(data.characters).toMatchObject([
      { name: 'Chani Kynes', ages: [ref.ages[0]!], characterisations: {} },
      { name: 'Leto II', ages: [] },
    ]);
    const { version: _v, primary_genre: _p, ...expected } = update;
    expect(writablePart(data)).toEqual({
      ...writablePart(expected as unknown as Record<string, unknown>),
      authorList: [{ id: dir.authors[2]!.id, type: 1 }],
    });
    expect(data.primary_genre).toBeNull();
    expect(await getSheet(created.id)).toEqual(data);

    // The search text follows the new title and authors.
    const [row] = await t.database.db.select({ searchText: books.searchText }).from(books).where(eq(books.id, created.id));
    expect(row!.searchText).toBe(bookSearchText('Dune Messiah', { en: 'Dune Messiah' }, ['Émile Zola']));
  });

  it('clears what a save leaves out, and keeps the statuses when they are not sent', async () => {
    const created = await create(sheet);
    const response = await postJson({ original_title: 'Bare', version: created.version }, created.id);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Data;
    expect(writablePart(data)).toEqual({ original_title: 'Bare', status_id: 2, rights_status_id: 3, universal: 0, manuscript_confidential: 0, serie: 0 });
  });

  it('refuses series items and characters of another sheet', async () => {
    const other = await create(sheet);
    const mine = await create();
    const errors = await invalid(
      await postJson(
        {
          original_title: 'Thief',
          version: mine.version,
          seriesList: [{ id: (other.seriesList as { id: number }[])[0]!.id, name: 'Stolen', number: 1 }],
          characters: [{ id: (other.characters as { id: number }[])[0]!.id, name: 'Stolen' }],
        },
        mine.id,
      ),
    );
    expect(errors).toEqual({
      'seriesList.0.id': ['This series item is not on this reading sheet.'],
      'characters.0.id': ['This character is not on this reading sheet.'],
    });
    expect(await getSheet(other.id)).toEqual(await getSheet(other.id));
  });

  it('sets rights_status_updated_at only when the rights status changes', async () => {
    const created = await create({ original_title: 'Rights' });
    const first = created.rights_status_updated_at as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const same = (await (await postJson({ original_title: 'Rights', rights_status_id: 4, version: 1 }, created.id)).json()).data as Data;
    expect(same.rights_status_updated_at).toBe(first);
    const changed = (await (await postJson({ original_title: 'Rights', rights_status_id: 1, version: 2 }, created.id)).json()).data as Data;
    expect(changed.rights_status).toEqual({ id: 1, label: 'Sold' });
    expect(Date.parse(changed.rights_status_updated_at as string)).toBeGreaterThan(Date.parse(first));
    expect(changed.version).toBe(3);
  });

  it('answers 409 to a save based on an older version, and changes nothing', async () => {
    const created = await create(sheet);
    const mine = await postJson({ ...sheet, original_title: 'First save wins', version: 1 }, created.id);
    expect(mine.statusCode, mine.body).toBe(200);
    const before = await getSheet(created.id);
    const files = await storedFiles(storage);

    const theirs = await postForm(
      sheetParts({ ...sheet, original_title: 'Second save loses', version: 1 }, [file('documentList[]', 'late.pdf', sample('pdf'))]),
      created.id,
    );
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ message: STALE_SHEET_MESSAGE });
    expect(await getSheet(created.id)).toEqual(before);
    expect(await storedFiles(storage)).toEqual(files);

    // A version from the future is no better.
    expect((await postJson({ original_title: 'x', version: 99 }, created.id)).statusCode).toBe(409);
  });

  it('lets exactly one of two concurrent saves of the same version through', async () => {
    const created = await create({ original_title: 'Race' });
    const results = await Promise.all(['A', 'B', 'C'].map((name) => postJson({ original_title: name, version: created.version }, created.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data as Data;
    expect((await getSheet(created.id)).original_title).toBe(winner.original_title);
    expect(winner.version).toBe(2);
  });
});

describe('one transaction per save', () => {
  /** A sheet with every file kind stored, for the rollback tests. */
  async function sheetWithFiles(): Promise<Data> {
    const response = await postForm(
      sheetParts(sheet, [
        file('documentList[]', 'old.pdf', sample('pdf')),
        file('cover_file[]', 'old.png', sample('png')),
        file('video_file[]', 'old.mp4', sample('mp4')),
        file('manuscript', 'old.pdf', sample('pdf')),
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const replacingEverything = (data: Data) =>
    sheetParts({ ...sheet, original_title: 'Never saved', seriesList: [], authorList: [{ id: dir.authors[2]!.id }], version: data.version }, [
      file('documentList[]', 'new.pdf', sample('pdf')),
      file('cover_file[]', 'new.jpg', sample('jpg')),
      file('video_file[]', 'new.mp3', sample('mp3')),
      file('manuscript', 'new.pdf', sample('pdf')),
    ]);

  it('leaves the sheet and storage exactly as before when a write fails mid-save (database error)', async () => {
    const data = await sheetWithFiles();
    const files = await storedFiles(storage);
    const { db } = t.database;
    // A trigger makes the characters' insert fail: after the book row, criteria, authors and series were written.
    await db.execute(
      sql.raw(`
      create or replace function fail_on_character() returns trigger language plpgsql as $$
      begin
        if new.name = 'Boom' then raise exception 'injected failure' using errcode = '23505'; end if;
        return new;
      end $$`),
    );
    await db.execute(sql.raw('create trigger fail_on_character before insert on characters for each row execute function fail_on_character()'));
    try {
      const parts = replacingEverything(data);
      parts.push({ name: 'characters[5][name]', value: 'Boom' });
      const response = await postForm(parts, data.id);
      // The injected unique violation (not the stale-version check) is answered as a conflict.
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This value is already used by another record.' });
      expect(await getSheet(data.id)).toEqual(data);
      expect(await storedFiles(storage)).toEqual(files);
    } finally {
      await db.execute(sql.raw('drop trigger fail_on_character on characters'));
      await db.execute(sql.raw('drop function fail_on_character()'));
    }
  });

  it('leaves the sheet and storage exactly as before when a write step throws (stubbed repository)', async () => {
    const data = await sheetWithFiles();
    const files = await storedFiles(storage);
    vi.spyOn(fileListRepository, 'addToFileList').mockRejectedValueOnce(new Error('disk full'));
    const response = await postForm(replacingEverything(data), data.id);
    expect(response.statusCode).toBe(500);
    expect(await getSheet(data.id)).toEqual(data);
    expect(await storedFiles(storage)).toEqual(files);

    // The same save then goes through, and the replaced files leave storage after the commit.
    const saved = await postForm(replacingEverything(data), data.id);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().data as Data;
    const keysOf = (d: Data, list: string) => (d[list] as { full_path: string }[]).map((f) => keyOfUrl(f.full_path));
    const oldKeys = [...keysOf(data, 'coverList'), ...keysOf(data, 'videoList'), keyOfUrl((data.manuscript as { full_path: string }).full_path)];
    const newKeys = [...keysOf(after, 'coverList'), ...keysOf(after, 'videoList'), keyOfUrl((after.manuscript as { full_path: string }).full_path)];
    const stored = await storedFiles(storage);
    for (const key of oldKeys) expect(stored).not.toContain(key);
    for (const key of [...newKeys, ...keysOf(after, 'documentList')]) expect(stored).toContain(key);
    expect((after.documentList as { name: string }[]).map((f) => f.name)).toEqual(['old.pdf', 'new.pdf']);
    expect(after.original_title).toBe('Never saved');
  });

  it('removes the files already stored when an upload fails midway, and saves nothing', async () => {
    const created = await create({ original_title: 'Untouched' });
    const files = await storedFiles(storage);
    const response = await postForm(
      [
        { name: 'original_title', value: 'Changed' },
        { name: 'version', value: '1' },
        file('documentList[]', 'fine.pdf', sample('pdf')),
        file('cover_file[]', 'too-big.png', sample('png', FILE_RULES.cover.maxBytes + 1)),
      ],
      created.id,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Image should not be greater than 5Mb', errors: { 'cover_file.0': ['Image should not be greater than 5Mb'] } });
    expect(await storedFiles(storage)).toEqual(files);
    expect(await getSheet(created.id)).toEqual(created);
  });
});

describe('files', () => {
  it('applies the upload rules with their messages', async () => {
    const files = await storedFiles(storage);
    const wrongType = await postForm([{ name: 'original_title', value: 'x' }, file('manuscript', 'manuscript.docx', sample('docx'))]);
    expect(await invalid(wrongType)).toEqual({ manuscript: ['The manuscript must be a pdf file'] });
    const video = await postForm([{ name: 'original_title', value: 'x' }, file('video_file[]', 'film.exe', sample('mp4'))]);
    expect(await invalid(video)).toEqual({ 'video_file.0': [FILE_RULES.video.extensionMessage] });
    const twoCovers = await postForm([
      { name: 'original_title', value: 'x' },
      file('cover_file[]', 'a.png', sample('png')),
      file('cover_file[]', 'b.png', sample('png')),
    ]);
    expect(await invalid(twoCovers)).toEqual({ 'cover_file.1': ['Only one file can be uploaded here.'] });
    const eleven = Array.from({ length: 11 }, (_, i) => file('documentList[]', `d${i}.pdf`, sample('pdf')));
    expect(await invalid(await postForm([{ name: 'original_title', value: 'x' }, ...eleven]))).toEqual({
      'documentList.10': ['You can upload up to 10 files.'],
    });
    const unknownField = await postForm([{ name: 'original_title', value: 'x' }, file('cover', 'a.png', sample('png'))]);
    expect(await invalid(unknownField)).toEqual({ cover: ['This field does not accept files.'] });
    expect(await storedFiles(storage)).toEqual(files);
  });

  it('counts the stored documents: at most 10 on a sheet', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => file('documentList[]', `d${i}.pdf`, sample('pdf')));
    const created = (await postForm([{ name: 'original_title', value: 'Docs' }, ...eight])).json().data as Data;
    expect(created.documentList).toHaveLength(8);
    const files = await storedFiles(storage);
    const three = Array.from({ length: 3 }, (_, i) => file('documentList[]', `e${i}.pdf`, sample('pdf')));
    const refused = await postForm([{ name: 'original_title', value: 'Docs' }, { name: 'version', value: '1' }, ...three], created.id);
    expect(await invalid(refused)).toEqual({ documentList: ['You can upload up to 10 files.'] });
    expect(await storedFiles(storage)).toEqual(files);
    const two = three.slice(0, 2);
    const accepted = await postForm([{ name: 'original_title', value: 'Docs' }, { name: 'version', value: '1' }, ...two], created.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.documentList).toHaveLength(10);
  });

  it('replaces the cover, the video and the manuscript, removing the old files after the commit', async () => {
    const first = (
      await postForm([{ name: 'original_title', value: 'Covers' }, file('cover_file[]', 'one.png', sample('png')), file('manuscript', 'v1.pdf', sample('pdf'))])
    ).json().data as Data;
    const oldCover = keyOfUrl((first.coverList as { full_path: string }[])[0]!.full_path);
    const oldManuscript = keyOfUrl((first.manuscript as { full_path: string }).full_path);
    expect(await storage.exists(oldCover)).toBe(true);
    const second = await postForm(
      [
        { name: 'original_title', value: 'Covers' },
        { name: 'version', value: '1' },
        file('cover_file[]', 'two.jpg', sample('jpg')),
        file('manuscript', 'v2.pdf', sample('pdf')),
      ],
      first.id,
    );
    expect(second.statusCode, second.body).toBe(200);
    const data = second.json().data as Data;
    expect((data.coverList as { name: string }[]).map((c) => c.name)).toEqual(['two.jpg']);
    expect((data.manuscript as { name: string }).name).toBe('v2.pdf');
    expect(await storage.exists(oldCover)).toBe(false);
    expect(await storage.exists(oldManuscript)).toBe(false);
    expect(await storage.exists(keyOfUrl((data.coverList as { full_path: string }[])[0]!.full_path))).toBe(true);
    // A save without files keeps them.
    const third = (await postJson({ original_title: 'Covers', version: 2 }, first.id)).json().data as Data;
    expect(third.coverList).toEqual(data.coverList);
    expect(third.manuscript).toEqual(data.manuscript);
  });

  it('DELETE admin/utilities/book-files/{book}/{file} removes the record and the stored file', async () => {
    const created = (
      await postForm([
        { name: 'original_title', value: 'Deletions' },
        file('documentList[]', 'a.pdf', sample('pdf')),
        file('video_file[]', 'v.mp4', sample('mp4')),
      ])
    ).json().data as Data;
    const other = await create();
    const [document] = created.documentList as { id: number; full_path: string }[];
    const key = keyOfUrl(document!.full_path);

    expect((await del(`utilities/book-files/${other.id}/${document!.id}`)).statusCode).toBe(404); // not this sheet's file
    const response = await del(`utilities/book-files/${created.id}/${document!.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'File deleted successfully' });
    expect(await storage.exists(key)).toBe(false);
    const after = await getSheet(created.id);
    expect(after.documentList).toEqual([]);
    expect(after.videoList).toHaveLength(1);
    expect(after.version).toBe(created.version); // files are not part of the versioned form

    const again = await del(`utilities/book-files/${created.id}/${document!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'File not found' });
    for (const path of [
      `utilities/book-files/999999/${document!.id}`,
      'utilities/book-files/abc/1',
      `utilities/book-files/${created.id}/abc`,
      `utilities/book-files/${created.id}/0`,
    ]) {
      const res = await del(path);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('DELETE admin/utilities/book-manuscript/{book} clears the manuscript and removes the stored file', async () => {
    const created = (await postForm([{ name: 'original_title', value: 'Manuscript' }, file('manuscript', 'm.pdf', sample('pdf'))])).json().data as Data;
    const key = keyOfUrl((created.manuscript as { full_path: string }).full_path);
    const response = await del(`utilities/book-manuscript/${created.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Manuscript deleted successfully' });
    expect(await storage.exists(key)).toBe(false);
    expect((await getSheet(created.id)).manuscript).toBeNull();
    expect((await del(`utilities/book-manuscript/${created.id}`)).json()).toEqual({ message: 'Manuscript not found' });
    expect((await del('utilities/book-manuscript/999999')).json()).toEqual({ message: 'Reading sheet not found' });
    expect((await del('utilities/book-manuscript/abc')).statusCode).toBe(404);
  });
});

describe('unknown ids never answer 500', () => {
  it('answers 404 on GET and POST for unknown or malformed ids, storing no file', async () => {
    const files = await storedFiles(storage);
    for (const id of ['999999', 'abc', '0', '-1', '2147483648', '1.5']) {
      const read = await t.as(cookie, { method: 'GET', url: url(id) });
      expect(read.statusCode, `GET ${id}`).toBe(404);
      expect(read.json()).toEqual({ message: 'Reading sheet not found' });
      const json = await postJson({ original_title: 'x', version: 1 }, id);
      expect(json.statusCode, `POST ${id}`).toBe(404);
      const form = await postForm([{ name: 'original_title', value: 'x' }, { name: 'version', value: '1' }, file('manuscript', 'm.pdf', sample('pdf'))], id);
      expect(form.statusCode, `POST form ${id}`).toBe(404);
    }
    expect(await storedFiles(storage)).toEqual(files);
  });

  it('answers 404 when the sheet is deleted between the check and the save', async () => {
    const created = await create();
    vi.spyOn(sheetWriteRepository, 'lockSheet').mockResolvedValueOnce(undefined);
    const response = await postJson({ original_title: 'x', version: 1 }, created.id);
    expect(response.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    for (const [method, path] of [
      ['GET', url(1)],
      ['POST', url()],
      ['POST', url(1)],
      ['DELETE', '/api/admin/utilities/book-files/1/1'],
      ['DELETE', '/api/admin/utilities/book-manuscript/1'],
    ] as const) {
      expect((await t.app.inject({ method, url: path, payload: method === 'POST' ? {} : undefined })).statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('the notification seam (withNotification)', () => {
  it('runs inTransaction inside the save (its failure rolls the save back) and afterCommit after it', async () => {
    const seen: string[] = [];
    const events: SheetSavedEvent[] = [];
    const service = createSheetService(servicePartsOf(t.app, t.app.services.screens), {
      hooks: {
        async inTransaction(tx, event) {
          const [row] = await tx.select({ n: count() }).from(books).where(eq(books.id, event.bookId));
          seen.push(`in:${row!.n}`);
          if (event.version === 2) throw new Error('outbox down');
        },
        afterCommit(event) {
          events.push(event);
          throw new Error('ignored: the save is committed');
        },
      },
    });
    const asAdministrator7 = { administratorId: 7, sessionId: null, origin: 'http://localhost' };
    const created = await withRequestContext(asAdministrator7, () => service.save(undefined, { original_title: 'Seam', withNotification: 1 }));
    expect(created.withNotification).toBe(1);
    // Saved all the same; the answer says the subscribers were not notified.
    expect(created.message).toBe('Saved, but the subscribers could not be notified: save with notification again to notify them.');
    expect(events).toEqual([{ bookId: created.data.id, created: true, version: 1, withNotification: true, administratorId: 7 }]);
    expect(seen).toEqual(['in:1']);
    await expect(service.save(String(created.data.id), { original_title: 'Changed', version: 1, withNotification: 1 })).rejects.toThrow('outbox down');
    expect((await getSheet(created.data.id as number)).original_title).toBe('Seam');
    expect(events).toHaveLength(1);
  });
});

describe('author names in the search text', () => {
  it('follow the author records at save time', async () => {
    const [author] = await t.database.db.insert(authors).values({ name: 'Zoë Quill' }).returning({ id: authors.id });
    const created = await create({ original_title: 'Quill', authorList: [{ id: author!.id }] });
    const [row] = await t.database.db.select({ searchText: books.searchText }).from(books).where(eq(books.id, created.id));
    expect(row!.searchText).toBe('quill zoe quill');
  });
});
