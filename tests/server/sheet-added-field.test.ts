import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_DRAFT_ASKS, AI_DRAFT_TEXT_FIELDS, AI_DRAFT_TEXT_TARGETS } from '../../common/aiDraft.js';
import { checkDraftAnswer } from '../../server/ai/draftAnswer.js';
import type * as BooksModule from '../../server/db/schema/books.js';
import type * as ReadingSheetsModule from '../../server/resources/readingSheets.js';
import { aiBooks, aiPrompts } from '../../server/db/schema/index.js';
import { SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json' with { type: 'json' };
import { AI_DRAFT_JSON_STRUCTURE, AI_PROMPT_SEEDS, seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { startAiProviderServer, type TestAiProvider } from '../helpers/aiProviderServer.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * What adding a field to the reading sheet takes: its schema and UI schema (the form of
 * schemas/reading-sheets.screen.json), its declaration line (server/resources/readingSheets.ts), the column of `books` and
 * its migration, nothing else (without the declaration line, the build and the start refuse it:
 * tests/schemas/definitions-check.test.ts). Here the schema gains a plain
 * field (`nb_chapters`) and a per-language map the AI drafts (`taglines`, `x-aiDraft` field
 * `tagline`), the UI schema places them on tabs (labels as plain text: a real field would add its
 * English label), `books` their columns (server/db/schema/books.ts, its columns built anew with two
 * more) and the test database the same columns (ALTER TABLE, as their migration would). No other
 * code knows them: the save and its validation, the read, the draft's answer check, its storage and
 * answer, the JSON structure asked of the AI (the stored prompts' too) and the prompt's variables follow.
 */

const TAGLINE_ASK = 'string: a one-line tagline for a poster';

// The sheets' screen with the two fields in its form, as the repository's file would have them.
vi.mock('../../schemas/reading-sheets.screen.json', async (importOriginal) => {
  type Tab = { label: string; fields: string[] };
  type Form = { schema: { properties: Record<string, unknown> }; uiSchema: { 'ui:order': string[]; 'ui:options': { tabs: Tab[] } } & Record<string, unknown> };
  const { default: screen } = await importOriginal<{ default: { form: Form } }>();
  const { schema, uiSchema: ui } = screen.form;
  const onTab = (label: string, field: string) => (tab: Tab) =>
    tab.label === `screens.reading-sheets.tabs.${label}` ? { ...tab, fields: [...tab.fields, field] } : tab;
  return {
    default: {
      ...screen,
      form: {
        ...screen.form,
        schema: {
          ...schema,
          properties: {
            ...schema.properties,
            nb_chapters: { type: 'integer', title: 'Number of chapters', minimum: 0, maximum: 10000 },
            taglines: {
              $ref: '#/definitions/perLanguage',
              title: 'Taglines',
              'x-aiDraft': { field: 'tagline', ask: 'string: a one-line tagline for a poster' },
            },
          },
        },
        uiSchema: {
          ...ui,
          'ui:order': [...ui['ui:order'].filter((field) => field !== '*'), 'nb_chapters', 'taglines', '*'],
          'ui:options': { ...ui['ui:options'], tabs: ui['ui:options'].tabs.map(onTab('base', 'nb_chapters')).map(onTab('presentation', 'taglines')) },
          nb_chapters: { 'ui:title': 'Number of chapters' },
          taglines: { 'ui:field': 'translatable', 'ui:title': 'Taglines' },
        },
      },
    },
  };
});

// Their declaration lines (server/resources/readingSheets.ts READING_SHEET_FIELDS): where each is stored.
vi.mock('../../server/resources/readingSheets.js', async (importOriginal) => {
  const actual = await importOriginal<typeof ReadingSheetsModule>();
  const fields = {
    ...actual.READING_SHEET_FIELDS,
    nb_chapters: { column: 'nbChapters', returned: 'record' },
    taglines: { column: 'taglines', codec: 'translations', returned: 'record' },
  } as const;
  return { ...actual, READING_SHEET_FIELDS: fields, readingSheetRecord: { ...actual.readingSheetRecord, fields } };
});

vi.mock('../../server/db/schema/books.js', async (importOriginal) => {
  const actual = await importOriginal<typeof BooksModule>();
  const { integer, pgTable } = await import('drizzle-orm/pg-core');
  const { translations } = await import('../../server/db/schema/columns.js');
  return {
    ...actual,
    books: pgTable('books', { ...actual.bookColumns(), nbChapters: integer('nb_chapters'), taglines: translations('taglines') }, actual.bookConstraints),
  };
});

let provider: TestAiProvider;
let t: TestApp;
let cookie: string;
let screensDir: string;

beforeAll(async () => {
  provider = await startAiProviderServer();
  // The server loads the screens from their files: the repository's, the sheets' with the two fields.
  screensDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-'));
  for (const file of fs.readdirSync(SCREENS_DIR).filter((name) => name.endsWith('.json')))
    fs.copyFileSync(path.join(SCREENS_DIR, file), path.join(screensDir, file));
  fs.writeFileSync(path.join(screensDir, 'reading-sheets.screen.json'), JSON.stringify(readingSheetsScreen));
  t = await createTestApp(
    { ...provider.env, AI_TIMEOUT_MS: '2000' },
    { screensDir, aiQueue: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, expireMarginSeconds: 1, stopGraceSeconds: 0 } },
  );
  // The new fields' columns, as their migration would add them.
  await t.database.db.execute(sql`alter table books add column nb_chapters integer, add column taglines jsonb default '{}'::jsonb not null`);
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  if (screensDir) fs.rmSync(screensDir, { recursive: true, force: true });
});
beforeEach(() => provider.reset());

const request = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.as(cookie, {
    method,
    url: `/api/admin/${url}`,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

describe('a field added to the reading sheet (schema, UI schema, declaration line, column and migration only)', () => {
  it('is drafted by the AI: a text of the draft, with its ask, after the texts of the maps before it', () => {
    expect(AI_DRAFT_TEXT_TARGETS).toMatchObject({ title: 'titles', tagline: 'taglines' });
    expect(AI_DRAFT_TEXT_FIELDS.at(-1)).toBe('tagline');
    expect(AI_DRAFT_ASKS).toMatchObject({ tagline: TAGLINE_ASK });
    const structure = AI_DRAFT_JSON_STRUCTURE as unknown as Record<string, unknown>;
    expect(structure.tagline).toBe(TAGLINE_ASK);
    expect(Object.keys(structure).indexOf('tagline')).toBe(Object.keys(structure).indexOf('movie_references') + 1);
    for (const seed of AI_PROMPT_SEEDS) expect(JSON.parse(seed.jsonStructure)).toMatchObject({ tagline: TAGLINE_ASK });
  });

  it('is saved and read back: POST admin/books, then GET admin/books/{id}', async () => {
    const saved = await request('POST', 'books', {
      original_title: 'Le Phare',
      nb_chapters: 24,
      taglines: { en: 'One night at a time.', fr: 'Une nuit après l’autre.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    const read = await request('GET', `books/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      original_title: 'Le Phare',
      nb_chapters: 24,
      taglines: { en: 'One night at a time.', fr: 'Une nuit après l’autre.' },
    });
    // Refused like any field of the schema.
    const refused = await request('POST', 'books', { original_title: 'Le Phare', nb_chapters: -1, taglines: { xx: 'no such language' } });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['nb_chapters', 'taglines']);
  });

  it('is checked in an AI answer and stored among the draft texts', () => {
    const { values } = checkDraftAnswer(JSON.stringify({ title: 'The Lighthouse', tagline: '  One night at a time. ' }), {
      genres: new Set(),
      thematics: new Set(),
      periods: new Set(),
      categories: new Set(),
      literaryPrizes: new Set(),
      times: new Set(),
      formats: new Set(),
      adaptationFormats: new Set(),
      adaptationKinds: new Set(),
      adaptationBudgets: new Set(),
      characterFunctions: new Set(),
      characterGenders: new Set(),
      characterAges: new Set(),
      characterTopologies: new Set(),
    });
    expect(values.texts).toEqual({ title: 'The Lighthouse', tagline: 'One night at a time.' });
    expect(() => checkDraftAnswer(JSON.stringify({ tagline: ['not', 'a', 'text'] }), {} as never)).toThrow('/tagline must be string,null');
  });

  it('reaches the prompts already stored, is a prompt variable, and a generation stores and answers its text: GET admin/ai-books/{id}', async () => {
    // A prompt written before the map existed: its structure lacks it, its text uses the new variable.
    const before = JSON.parse(AI_PROMPT_SEEDS[0]!.jsonStructure) as Record<string, unknown>;
    delete before.tagline;
    await t.database.db.insert(aiPrompts).values({
      label: 'report',
      contents: { en: 'Known tagline: {{tagline}} Title: {{title}}.\n{{json_structure}}\n{{context}}' },
      jsonStructure: JSON.stringify(before, null, 2),
    });
    // At start: the stored structure gets the new text, its other entries as stored.
    await seedAiPrompts(t.database.db);
    const [stored] = await t.database.db.select({ jsonStructure: aiPrompts.jsonStructure }).from(aiPrompts).where(eq(aiPrompts.label, 'report'));
    const structure = JSON.parse(stored!.jsonStructure) as Record<string, unknown>;
    expect(structure).toEqual({ ...before, tagline: TAGLINE_ASK });
    expect(Object.keys(structure).indexOf('tagline')).toBe(Object.keys(structure).indexOf('movie_references') + 1);

    const saved = await request('POST', 'books', {
      original_title: 'Le Phare',
      summaries: { en: 'A keeper and a drowned sailor.' },
      taglines: { en: 'The sea gives back.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as number;
    provider.plan({ kind: 'text', text: JSON.stringify({ title: 'The Lighthouse', tagline: 'One night at a time.', author: 'Anne Martin' }) });
    const launched = await request('POST', 'ai-books/ai-book-generation', { book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect(launched.statusCode, launched.body).toBe(200);
    await expect.poll(async () => (await request('GET', `ai-books/${id}`)).json().data.aiBook, { timeout: 20_000, interval: 200 }).not.toBeNull();

    const prompt = (provider.requests[0]!.body.messages as { role: string; content: string }[]).find((message) => message.role === 'user')!.content;
    expect(prompt).toContain('Known tagline: The sea gives back. Title: Le Phare.');
    expect(prompt).toContain(`"tagline": "${TAGLINE_ASK}"`);

    const [row] = await t.database.db.select({ texts: aiBooks.texts, author: aiBooks.author }).from(aiBooks).where(eq(aiBooks.bookId, id));
    expect(row).toEqual({ texts: { title: 'The Lighthouse', tagline: 'One night at a time.' }, author: 'Anne Martin' });
    const { aiBook } = (await request('GET', `ai-books/${id}`)).json().data;
    expect(aiBook).toMatchObject({ title: 'The Lighthouse', tagline: 'One night at a time.', author: 'Anne Martin', subtitle: null, movie_references: null });
    for (const field of AI_DRAFT_TEXT_FIELDS) expect(aiBook).toHaveProperty(field);
  });
});
