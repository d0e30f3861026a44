import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, demands, reporterBooks, reporters, users } from '../../server/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import {
  fullSheet,
  multipart,
  referenceIds,
  sample,
  seedDirectory,
  sheetParts,
  writablePart,
  type Directory,
  type ReferenceIds,
} from './book-sheet-fixtures.js';

let dataDir: string;
let t: TestApp;
let cookie: string;
let ref: ReferenceIds;
let dir: Directory;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'book-read-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.login();
  ref = await referenceIds(t.database.db);
  dir = await seedDirectory(t.database.db);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Data = Record<string, unknown> & { id: number; version: number };

const read = (id: number | string) => t.as(cookie, { method: 'GET', url: `/api/admin/books/${id}` });
const save = async (body: object, id?: number): Promise<Data> => {
  const response = await t.as(cookie, {
    method: 'POST',
    url: `/api/admin/books${id === undefined ? '' : `/${id}`}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET admin/books/{id}', () => {
  it('answers every field of the sheet, lists with ids and names, and the read-only parts', async () => {
    const sheet = fullSheet(ref, dir);
    const form = multipart(
      sheetParts(sheet, [
        { name: 'cover_file[]', filename: 'cover.jpg', content: sample('jpg') },
        { name: 'manuscript', filename: 'Manuscrit été.pdf', content: sample('pdf', 300) },
      ]),
    );
    const created = await t.as(cookie, { method: 'POST', url: '/api/admin/books', ...form });
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().data as Data).id;

    const { db } = t.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'producer@studio.test', firstname: 'Pat', lastname: 'Producer', company: 'Studio' })
      .returning({ id: users.id });
    const [named] = await db.insert(users).values({ email: 'named@studio.test', name: 'Named User' }).returning({ id: users.id });
    await db.insert(demands).values([
      { userId: user!.id, bookId: id, demandDate: '2024-05-01', demandEndDate: '2024-06-01', demandTypeId: 2, demandStatusId: 4, commentary: 'No copy left' },
      { userId: named!.id, bookId: id, demandDate: '2024-07-01', demandTypeId: 1, demandStatusId: 1 },
    ]);
    const [reporter] = await db.insert(reporters).values({ title: 'Summer picks', date: '2024-06-15' }).returning({ id: reporters.id });
    await db.insert(reporterBooks).values({ reporterId: reporter!.id, bookId: id });

    const response = await read(id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Data;

    // Every key the editor relies on is present.
    const expectedKeys = [
      'id',
      'original_title',
      'original_country_id',
      'language_id',
      'status_id',
      'status',
      'rights_status_id',
      'rights_status',
      'rights_status_updated_at',
      'time_id',
      'format_id',
      'company_id',
      'company',
      'adaptation_budget_id',
      'publication_date',
      'nb_pages',
      'universal',
      'manuscript_confidential',
      'private_comment',
      'serie',
      'titles',
      'subtitles',
      'pitches',
      'public_comments',
      'newsletter_comments',
      'summaries',
      'report',
      'scouts',
      'additional_periods',
      'additional_places',
      'durations',
      'additional_manuscripts',
      'detailed_summaries',
      'key_moments',
      'arenas',
      'promises',
      'messages',
      'tones',
      'point_of_views',
      'narrative_structures',
      'strong_points',
      'weak_points',
      'book_references',
      'movie_references',
      'seriesList',
      'authorList',
      'sourceList',
      'contactList',
      'reporterList',
      'requestList',
      'genres',
      'primary_genre',
      'periods',
      'places',
      'thematics',
      'audiences',
      'categories',
      'adaptation_formats',
      'adaptation_kinds',
      'literary_prizes',
      'characters',
      'ratings',
      'documentList',
      'coverList',
      'videoList',
      'manuscript',
      'is_ai_generation_running',
      'has_ai_results',
      'ai_generation_error',
      'version',
      'created_at',
      'updated_at',
    ];
    expect(Object.keys(data).sort()).toEqual([...expectedKeys].sort());
    // The reporter link was made from the reporter's side; the sheet shows it as its reporterList.
    expect(writablePart(data)).toEqual({ ...sheet, reporterList: [{ id: reporter!.id, title: 'Summer picks' }] });
    expect(data.requestList).toEqual([
      {
        id: expect.any(Number),
        user_id: named!.id,
        user: { id: named!.id, name: 'Named User', company: null, email: 'named@studio.test' },
        book_id: id,
        demand_date: '2024-07-01',
        demand_end_date: null,
        demand_type_id: 1,
        demand_type: { id: 1, name: 'Rights information' },
        demand_status_id: 1,
        demand_status: { id: 1, name: 'Pending' },
        commentary: null,
        book: {
          id,
          original_title: data.original_title,
          authorList: (data.authorList as { id: number; name: string }[]).map(({ id: authorId, name }: { id: number; name: string }) => ({
            id: authorId,
            name,
          })),
        },
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        user_id: user!.id,
        user: { id: user!.id, name: 'Pat Producer', company: 'Studio', email: 'producer@studio.test' },
        book_id: id,
        demand_date: '2024-05-01',
        demand_end_date: '2024-06-01',
        demand_type_id: 2,
        demand_type: { id: 2, name: 'Reading copy' },
        demand_status_id: 4,
        demand_status: { id: 4, name: 'Refused' },
        commentary: 'No copy left',
        book: {
          id,
          original_title: data.original_title,
          authorList: (data.authorList as { id: number; name: string }[]).map(({ id: authorId, name }: { id: number; name: string }) => ({
            id: authorId,
            name,
          })),
        },
        version: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(data.characters).toEqual([
      expect.objectContaining({ id: expect.any(Number), key: expect.stringMatching(/^character-\d+$/), name: 'Paul Atreides' }),
      expect.objectContaining({ name: 'Chani', function: null, gender: null, country: null, topology: null, issues: {}, evolutions: {} }),
    ]);
    expect(data.coverList).toEqual([
      {
        id: expect.any(Number),
        name: 'cover.jpg',
        type: 2,
        full_path: expect.stringMatching(/^\/api\/admin\/files\/books\/.+\.jpg\?name=cover\.jpg$/),
        size: 200,
        mime: 'image/jpeg',
      },
    ]);
    expect(data.manuscript).toEqual({
      name: 'Manuscrit été.pdf',
      full_path: expect.stringMatching(/\.pdf\?name=Manuscrit%20%C3%A9t%C3%A9\.pdf$/),
      size: 300,
      uploaded_at: expect.any(String),
    });
    const served = await t.as(cookie, { method: 'GET', url: (data.coverList as { full_path: string }[])[0]!.full_path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Date.parse(data.created_at as string)).not.toBeNaN();
    expect(data.updated_at).toEqual(expect.any(String));
  });

  it('accepts its own answer back as a save (the editor sends what it read)', async () => {
    const created = await save(fullSheet(ref, dir));
    const data = (await read(created.id)).json().data as Data;
    const again = await save(data, created.id);
    expect(again.version).toBe(data.version + 1);
    expect(writablePart(again, { keepIds: true })).toEqual(writablePart(data, { keepIds: true }));
  });

  it('shows the AI flags and the publication month as stored', async () => {
    const created = await save({ original_title: 'Flags', publication_date: '2001-12' });
    await t.database.db
      .update(books)
      .set({ isAiGenerationRunning: true, hasAiResults: true, aiGenerationError: 'Quota exceeded' })
      .where(eq(books.id, created.id));
    const data = (await read(created.id)).json().data as Data;
    expect(data).toMatchObject({ publication_date: '2001-12', is_ai_generation_running: true, has_ai_results: true, ai_generation_error: 'Quota exceeded' });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '-3', '2147483648', '1e3', '%20']) {
      const response = await read(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: 'Reading sheet not found' });
    }
  });

  it('leaves the list routes to the list (static paths win over :id)', async () => {
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/books/options' })).statusCode).toBe(200);
    expect((await t.as(cookie, { method: 'GET', url: '/api/admin/books' })).statusCode).toBe(200);
  });
});
