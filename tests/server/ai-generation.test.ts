import { readFileSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import { aiBooks, books, genres } from '../../server/db/schema/index.js';
import { seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { AI_CALL_MESSAGES, createAiCompletion } from '../../server/ai/aiCompletion.js';
import { GENERATION_MESSAGES, noReportMessage, REPORT_FIELD_LABELS, runGeneration, type GenerationDeps } from '../../server/ai/aiGenerationService.js';
import { createStorage } from '../../server/storage/index.js';
import { startAiProviderServer, type TestAiProvider } from '../helpers/aiProviderServer.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { minimalPdf } from '../helpers/pdf.js';

/** Short timings: one retry after a second, expired jobs seen within seconds. */
const QUEUE = { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, expireMarginSeconds: 1, stopGraceSeconds: 0 };
const REPORT = 'A lighthouse keeper finds a drowned sailor who comes back to life every night.';

let provider: TestAiProvider;
let t: TestApp;
let cookie: string;
let genreIds: number[];

beforeAll(async () => {
  provider = await startAiProviderServer();
  t = await createTestApp({ ...provider.env, AI_TIMEOUT_MS: '2000' }, { aiQueue: QUEUE });
  await seedAiPrompts(t.database.db);
  cookie = await t.login();
  genreIds = (await t.database.db.select({ id: genres.id }).from(genres).orderBy(asc(genres.id)).limit(3)).map((row) => row.id);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});
beforeEach(() => provider.reset());

const db = () => t.database.db;
const launch = (body: Record<string, unknown>) => t.as(cookie, { method: 'POST', url: '/api/admin/ai-books/ai-book-generation', payload: body });
const flags = async (id: number) =>
  (
    await db().select({ running: books.isAiGenerationRunning, has: books.hasAiResults, error: books.aiGenerationError }).from(books).where(eq(books.id, id))
  )[0]!;
/** Waits until the sheet's generation has ended (its flag cleared). */
async function ended(id: number) {
  await expect.poll(async () => (await flags(id)).running, { timeout: 20_000, interval: 200 }).toBe(false);
  return flags(id);
}
const draftOf = async (id: number) => (await db().select().from(aiBooks).where(eq(aiBooks.bookId, id)))[0];

let sheetCount = 0;
async function newSheet(values: Partial<typeof books.$inferInsert> = {}): Promise<number> {
  sheetCount += 1;
  const [row] = await db()
    .insert(books)
    .values({ originalTitle: `Le Phare ${sheetCount}`, titles: { en: `The Lighthouse ${sheetCount}` }, summaries: { en: REPORT }, ...values })
    .returning({ id: books.id });
  return row!.id;
}

const goodDraft = () =>
  JSON.stringify({
    title: 'The Lighthouse',
    pitch: 'A keeper, a drowned man, one night at a time.',
    summary: 'He keeps him alive.',
    criteria: { genres: [genreIds[0], 999_999], primary_genre: genreIds[0], thematics: [] },
    characters: [{ name: 'Ewan', characterisation: 'The keeper' }],
    ratings: { quality: 3, plot: 9 },
    justifications: { genres: [{ id: genreIds[0], justification: 'Ghost story.' }] },
  });

describe('POST admin/ai-books/ai-book-generation: the request', () => {
  it('refuses a request without source, model or language, per field, in the words of the dialog', async () => {
    const response = await launch({ book_id: await newSheet() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Choose what to generate from',
      errors: { generate_from: ['Choose what to generate from'], ai_model: ['Choose an AI model'], language: ['Choose a language'] },
    });
    const wrong = await launch({ book_id: await newSheet(), generate_from: 'summary', ai_model: 'gpt-9', language: 'de' });
    expect(wrong.json().errors).toEqual({
      generate_from: ['Choose the report or the manuscript'],
      ai_model: ['Choose one of the AI models offered'],
      language: ['Choose English or French'],
    });
  });

  it('refuses an unknown sheet, a manuscript source without a manuscript, a report source whose Report and Full report are empty', async () => {
    expect((await launch({ book_id: 2_000_000, generate_from: 'report', ai_model: 'fast', language: 'en' })).json().errors).toEqual({
      book_id: [GENERATION_MESSAGES.noSheet],
    });
    expect((await launch({ book_id: await newSheet(), generate_from: 'manuscript', ai_model: 'fast', language: 'en' })).json().errors).toEqual({
      generate_from: [GENERATION_MESSAGES.noManuscript],
    });
    expect(
      (await launch({ book_id: await newSheet({ summaries: {}, report: {} }), generate_from: 'report', ai_model: 'large', language: 'fr' })).json().errors,
    ).toEqual({
      generate_from: [noReportMessage('fr')],
    });
    expect(provider.requests).toHaveLength(0);
  });

  it('refuses a model this server cannot call in staff words, and logs once at start which variables enable it', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const bare = await createTestApp({}, { logger: { level: 'info', stream } });
    try {
      const setup = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; unavailableAiModels?: string[] })
        .filter((entry) => entry.unavailableAiModels);
      expect(setup).toEqual([
        expect.objectContaining({
          level: 40,
          unavailableAiModels: ['fast', 'large', 'small'],
          msg: 'AI generation is not set up: no AI provider is configured. To enable them, set OPENAI_API_KEY (or OPENAI_BASE_URL for a self-hosted OpenAI-compatible server) for the Fast (gpt-5-mini) model; set ANTHROPIC_API_KEY for the Large (claude-sonnet-5-5) and Small (claude-haiku-5-5) models (README, "Configuration").',
        }),
      ]);
      await seedAiPrompts(bare.database.db);
      const [sheet] = await bare.database.db
        .insert(books)
        .values({ originalTitle: 'X', report: { en: REPORT } })
        .returning({ id: books.id });
      const response = await bare.as(await bare.login(), {
        method: 'POST',
        url: '/api/admin/ai-books/ai-book-generation',
        payload: { book_id: sheet!.id, generate_from: 'report', ai_model: 'small', language: 'en' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.ai_model[0]).toBe(
        'The Small (claude-haiku-5-5) model is not set up on this server: ask your administrator or technical team to enable it.',
      );
      // The models are still listed, each saying whom to ask; no setting's name reaches staff.
      const models = await bare.as(await bare.login(), { method: 'GET', url: '/api/admin/ai-books/models' });
      expect(models.json().data).toEqual(
        ['Fast (gpt-5-mini)', 'Large (claude-sonnet-5-5)', 'Small (claude-haiku-5-5)'].map((label) =>
          expect.objectContaining({ label, available: false, help: 'Not set up on this server. Ask your administrator or technical team to enable it.' }),
        ),
      );
      expect(models.body).not.toMatch(/OPENAI|ANTHROPIC|_KEY|_URL/);
      expect(response.body).not.toMatch(/OPENAI|ANTHROPIC|_KEY|_URL/);
      // Logged once, at start: a generation refused later logs it no more.
      expect(lines.filter((line) => line.includes('OPENAI_API_KEY'))).toHaveLength(1);
    } finally {
      await bare.close();
    }
  });
});

describe('a generation from the report: the Report, and the Full report when it has text', () => {
  const FRENCH_REPORT = 'Un gardien de phare trouve un marin noyé qui revient à la vie chaque nuit.';
  const FULL_REPORT = 'Reading notes: the second half turns into a courtroom drama; strong for a limited series.';
  /** Generates from the report and answers the prompt sent. */
  async function promptOf(id: number, language: 'en' | 'fr'): Promise<string> {
    provider.plan({ kind: 'text', text: goodDraft() });
    const response = await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language });
    expect(response.statusCode, response.body).toBe(200);
    expect(await ended(id)).toMatchObject({ has: true, error: null });
    const request = provider.requests.at(-1)!;
    return (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
  }
  const contextOf = (prompt: string, language: 'en' | 'fr') =>
    prompt
      .slice(prompt.lastIndexOf(language === 'en' ? 'Context:\n' : 'Contexte :\n'))
      .split('\n')
      .slice(1)
      .join('\n');

  it('names the fields by the labels the editor shows', () => {
    const labels = (JSON.parse(readFileSync('src/i18n/locales/en/screens/reading-sheets.json', 'utf8')) as { fields: Record<string, string> }).fields;
    expect(REPORT_FIELD_LABELS).toEqual({ summaries: labels.summaries, report: labels.report });
    expect(noReportMessage('en')).toBe(
      "This reading sheet has no report to generate from: its 'Report' and its 'Full report' are empty in English. Fill in one of them, or generate from the manuscript.",
    );
  });

  it('generates from a sheet whose only text is its Report (summaries), in the language', async () => {
    const id = await newSheet({ summaries: { en: REPORT, fr: FRENCH_REPORT, de: 'Ein Leuchtturmwärter.' }, report: {} });
    expect(contextOf(await promptOf(id, 'fr'), 'fr')).toBe(FRENCH_REPORT);
    expect(contextOf(await promptOf(id, 'en'), 'en')).toBe(REPORT);
  });

  it('adds the Full report when it has text, each under its label', async () => {
    const id = await newSheet({ summaries: { en: REPORT }, report: { en: FULL_REPORT } });
    expect(contextOf(await promptOf(id, 'en'), 'en')).toBe(`Report:\n${REPORT}\n\nFull report:\n${FULL_REPORT}`);
    const fullOnly = await newSheet({ summaries: {}, report: { en: FULL_REPORT } });
    expect(contextOf(await promptOf(fullOnly, 'en'), 'en')).toBe(FULL_REPORT);
  });

  it('falls back to English, field by field, when the language has no text', async () => {
    const id = await newSheet({ summaries: { en: REPORT, de: 'Ein Leuchtturmwärter.' }, report: { en: FULL_REPORT, fr: '  ' } });
    expect(contextOf(await promptOf(id, 'fr'), 'fr')).toBe(`Rapport :\n${REPORT}\n\nRapport complet :\n${FULL_REPORT}`);
    const mixed = await newSheet({ summaries: { fr: FRENCH_REPORT }, report: { en: FULL_REPORT } });
    expect(contextOf(await promptOf(mixed, 'fr'), 'fr')).toBe(`Rapport :\n${FRENCH_REPORT}\n\nRapport complet :\n${FULL_REPORT}`);
  });

  it('refuses, naming both fields by their labels, only when both are empty in the language and in English', async () => {
    provider.reset();
    const refused = async (values: Partial<typeof books.$inferInsert>, language: 'en' | 'fr') => {
      const id = await newSheet(values);
      const response = await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language });
      expect(response.statusCode).toBe(422);
      expect((await flags(id)).running).toBe(false);
      return response.json().errors;
    };
    expect(await refused({ summaries: {}, report: {} }, 'en')).toEqual({ generate_from: [noReportMessage('en')] });
    // Text in another language only, or blank text, is not a report to generate from.
    expect(await refused({ summaries: { de: 'Ein Leuchtturmwärter.' }, report: { en: ' \n ' } }, 'fr')).toEqual({ generate_from: [noReportMessage('fr')] });
    expect(noReportMessage('fr')).toContain("its 'Report' and its 'Full report' are empty in French and in English");
    expect(provider.requests).toHaveLength(0);
  });
});

describe('a generation, run as a job through the provider’s SDK', () => {
  it('marks the sheet running at once, sends the filled prompt in JSON mode, and stores the checked draft with its call', async () => {
    const id = await newSheet({ pitches: { en: 'Known pitch' } });
    provider.plan({ kind: 'text', text: goodDraft(), inputTokens: 5000, outputTokens: 900 });
    const response = await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: GENERATION_MESSAGES.started, data: { book_id: id, is_ai_generation_running: true } });
    expect(await ended(id)).toEqual({ running: false, has: true, error: null });

    const [request] = provider.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.body).toMatchObject({ model: 'gpt-5-mini', response_format: { type: 'json_object' } });
    const prompt = (request!.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content;
    expect(prompt).toContain(REPORT);
    expect(prompt).toContain(`The Lighthouse ${sheetCount}`);
    expect(prompt).toContain('Known pitch');
    expect(prompt).toContain(`{"id":${genreIds[0]},"name":`);
    expect(prompt).toContain('"publishing_house_name"');
    expect(prompt).not.toMatch(/\{\{\s*[a-z_]+\s*\}\}/);

    const draft = (await draftOf(id))!;
    expect(draft).toMatchObject({
      locale: 'en',
      model: 'gpt-5-mini',
      generateFrom: 'report',
      texts: { title: 'The Lighthouse' },
      inputTokens: 5000,
      outputTokens: 900,
      prompt,
      rawAnswer: goodDraft(),
    });
    expect(draft.criteria.genres).toEqual([genreIds[0]]);
    expect(draft.ratings).toEqual({ quality: 3, plot: 4 });
    expect(draft.corrections).toEqual(expect.arrayContaining(['criteria.genres: unknown id 999999 dropped', 'ratings.plot: 9 clamped to 4']));
    expect(draft.durationMs).toBeGreaterThanOrEqual(0);

    // GET admin/ai-books/{id}: the sheet with its flags, and the draft as the API writes fields.
    const read = await t.as(cookie, { method: 'GET', url: `/api/admin/ai-books/${id}` });
    expect(read.statusCode).toBe(200);
    const { book, aiBook } = read.json().data;
    expect(book).toMatchObject({ id, is_ai_generation_running: false, has_ai_results: true, ai_generation_error: null });
    expect(aiBook).toMatchObject({
      book_id: id,
      locale: 'en',
      model: 'gpt-5-mini',
      generate_from: 'report',
      title: 'The Lighthouse',
      input_tokens: 5000,
      raw_answer: goodDraft(),
    });
    expect(aiBook.criteria.genres).toEqual([genreIds[0]]);
    expect(aiBook.ratings_justifications).toEqual({});
  });

  it('GET admin/ai-books/{id}: no draft yet is null; an unknown sheet is 404', async () => {
    const id = await newSheet();
    const read = await t.as(cookie, { method: 'GET', url: `/api/admin/ai-books/${id}` });
    expect(read.json().data).toMatchObject({ book: { id, has_ai_results: false }, aiBook: null });
    const missing = await t.as(cookie, { method: 'GET', url: '/api/admin/ai-books/2000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Reading sheet not found');
  });

  it('refuses a second launch while one runs (409), and retries a timeout once: the sheet ends with its draft', async () => {
    const id = await newSheet();
    provider.plan({ kind: 'hang' }, { kind: 'text', text: goodDraft() });
    expect((await launch({ book_id: id, generate_from: 'report', ai_model: 'large', language: 'en' })).statusCode).toBe(200);
    const again = await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GENERATION_MESSAGES.running);
    expect(await ended(id)).toEqual({ running: false, has: true, error: null });
    expect(provider.requests.map((r) => r.path)).toEqual(['/v1/messages', '/v1/messages']);
    expect((await draftOf(id))!.model).toBe('claude-sonnet-5-5');
  });

  it('retries a 429 once, then stores the draft', async () => {
    const id = await newSheet();
    provider.plan({ kind: 'refuse', status: 429, message: 'Rate limit reached' }, { kind: 'text', text: goodDraft() });
    await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect(await ended(id)).toMatchObject({ has: true, error: null });
    expect(provider.requests).toHaveLength(2);
  });

  it('ends with the reason when the provider stays busy, or refuses, in one sentence for staff, keeping no running flag', async () => {
    const busy = await newSheet();
    provider.plan(
      { kind: 'refuse', status: 429, message: 'Rate limit reached' },
      { kind: 'refuse', status: 429, message: 'Number of request tokens has exceeded your per-minute rate limit' },
    );
    await launch({ book_id: busy, generate_from: 'report', ai_model: 'fast', language: 'en' });
    const busyEnd = await ended(busy);
    expect(busyEnd.has).toBe(false);
    expect(busyEnd.error).toBe('The AI provider is busy; try again in a few minutes.');
    expect(provider.requests).toHaveLength(2);

    provider.reset();
    const down = await newSheet();
    provider.plan({ kind: 'refuse', status: 429, message: 'Rate limit reached' }, { kind: 'refuse', status: 503, message: 'Overloaded' });
    await launch({ book_id: down, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect((await ended(down)).error).toBe(AI_CALL_MESSAGES.providerDown);

    provider.reset();
    const refused = await newSheet();
    provider.plan({ kind: 'refuse', status: 400, message: 'Bad request' });
    await launch({ book_id: refused, generate_from: 'report', ai_model: 'fast', language: 'en' });
    expect((await ended(refused)).error).toBe(AI_CALL_MESSAGES.refused);
    expect(provider.requests).toHaveLength(1);
  });

  it("logs the provider's own words with the sheet, and writes on the sheet only the sentence for staff", async () => {
    const id = await newSheet();
    const logged: { level: string; entry: Record<string, unknown>; message: string }[] = [];
    const record = (level: string) => (entry: Record<string, unknown>, message: string) => logged.push({ level, entry, message });
    const log = { info: record('info'), warn: record('warn'), error: record('error') } as unknown as GenerationDeps['log'];
    provider.plan({ kind: 'refuse', status: 429, message: 'Number of request tokens has exceeded your per-minute rate limit' });
    await runGeneration(
      { db: db(), ai: t.config.ai, storage: t.app.storage, complete: createAiCompletion(t.config.ai), log },
      { bookId: id, generateFrom: 'report', model: 'large', language: 'en' },
      true,
    );
    const { error } = await flags(id);
    expect(error).toBe(AI_CALL_MESSAGES.busy);
    expect(error).not.toMatch(/429|rate_limit|Anthropic|tokens/);
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'AI generation failed',
      entry: {
        bookId: id,
        status: 429,
        detail: expect.stringMatching(/^Anthropic answered 429: .*Number of request tokens has exceeded your per-minute rate limit/),
      },
    });
  });

  it('ends a malformed answer with what was wrong, and keeps the earlier draft', async () => {
    const id = await newSheet();
    provider.plan({ kind: 'text', text: goodDraft() });
    await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    await ended(id);
    provider.plan({ kind: 'text', text: 'Sorry, I cannot help with that.' });
    await launch({ book_id: id, generate_from: 'report', ai_model: 'fast', language: 'en' });
    const end = await ended(id);
    expect(end.error).toMatch(/^The AI's answer is not JSON/);
    expect(end.has).toBe(true);
    expect((await draftOf(id))!.texts.title).toBe('The Lighthouse');
  });

  it('reads a manuscript’s text from its stored PDF into the prompt', async () => {
    const storage = createStorage(t.config);
    const key = `manuscripts/ai-test-${Date.now()}.pdf`;
    await storage.put(key, Readable.from(minimalPdf(['Chapter one', 'The sea was quiet that night.'])), { contentType: 'application/pdf' });
    const id = await newSheet({ manuscriptStoredName: key, manuscriptOriginalName: 'm.pdf' });
    provider.plan({ kind: 'text', text: goodDraft() });
    await launch({ book_id: id, generate_from: 'manuscript', ai_model: 'fast', language: 'fr' });
    expect(await ended(id)).toMatchObject({ has: true, error: null });
    const prompt = (provider.requests[0]!.body.messages as { content: string }[])[1]!.content;
    expect(prompt).toContain('The sea was quiet that night.');
    expect(prompt).toContain('Contexte');
    expect((await draftOf(id))!).toMatchObject({ locale: 'fr', generateFrom: 'manuscript' });
    await storage.remove(key);
  });
});

describe('POST admin/ai-books/update-book/{id}: the AI comparison’s save', () => {
  it('saves the sheet as the editor does, with its version: a stale one is refused (409) and changes nothing', async () => {
    const id = await newSheet();
    const update = (body: Record<string, unknown>) =>
      t.as(cookie, {
        method: 'POST',
        url: `/api/admin/ai-books/update-book/${id}`,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const saved = await update({ original_title: 'Le Phare', titles: { en: 'The Lighthouse', fr: 'Le Phare (IA)' }, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ id, version: 2, titles: { en: 'The Lighthouse', fr: 'Le Phare (IA)' } });
    const stale = await update({ original_title: 'Too late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await db().select({ title: books.originalTitle }).from(books).where(eq(books.id, id)))[0]!.title).toBe('Le Phare');
    expect(
      (await t.as(cookie, { method: 'POST', url: '/api/admin/ai-books/update-book/2000000', payload: { original_title: 'x', version: 1 } })).statusCode,
    ).toBe(404);
  });
});

describe('a generation across a restart of the server', () => {
  // Servers of their own on their own database, so that no other server's worker takes the job.
  let first: TestApp | undefined;
  let next: Awaited<ReturnType<typeof buildApp>> | undefined;
  afterEach(async () => {
    await next?.close();
    next = undefined;
    await first?.database.close();
    first = undefined;
  });

  async function firstServer(): Promise<{ server: TestApp; sheet: number; login: string }> {
    const server = await createTestApp({ ...provider.env, AI_TIMEOUT_MS: '2000' }, { aiQueue: QUEUE });
    first = server;
    await seedAiPrompts(server.database.db);
    const [row] = await server.database.db
      .insert(books)
      .values({ originalTitle: 'Restart', report: { en: REPORT } })
      .returning({ id: books.id });
    return { server, sheet: row!.id, login: await server.login() };
  }
  const flagsIn = async (database: Database, id: number) =>
    (
      await database.db
        .select({ running: books.isAiGenerationRunning, has: books.hasAiResults, error: books.aiGenerationError })
        .from(books)
        .where(eq(books.id, id))
    )[0]!;

  it('is taken up by the next server when its server stops mid-way, and ends with its draft', async () => {
    const { server, sheet, login } = await firstServer();
    provider.plan({ kind: 'hang' });
    const response = await server.as(login, {
      method: 'POST',
      url: '/api/admin/ai-books/ai-book-generation',
      payload: { book_id: sheet, generate_from: 'report', ai_model: 'fast', language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(1);
    // The server stops while the provider has not answered: its call is dropped, nothing written.
    await server.app.close();
    expect(await flagsIn(server.database, sheet)).toEqual({ running: true, has: false, error: null });
    provider.fallback = { kind: 'text', text: goodDraft() };
    next = await buildApp({ config: server.config, database: server.database, aiQueue: QUEUE });
    await next.ready();
    await expect.poll(async () => (await flagsIn(server.database, sheet)).running, { timeout: 30_000, interval: 250 }).toBe(false);
    expect(await flagsIn(server.database, sheet)).toEqual({ running: false, has: true, error: null });
    expect(provider.requests.length).toBe(2);
  });

  it('lets a generation that answers within the grace finish when its server stops, its draft written once', async () => {
    const server = await createTestApp({ ...provider.env, AI_TIMEOUT_MS: '5000' }, { aiQueue: { ...QUEUE, stopGraceSeconds: 5 } });
    first = server;
    await seedAiPrompts(server.database.db);
    const [row] = await server.database.db
      .insert(books)
      .values({ originalTitle: 'Stopping', report: { en: REPORT } })
      .returning({ id: books.id });
    const login = await server.login();
    const before = provider.requests.length;
    provider.plan({ kind: 'text', text: goodDraft(), delayMs: 1500 });
    const response = await server.as(login, {
      method: 'POST',
      url: '/api/admin/ai-books/ai-book-generation',
      payload: { book_id: row!.id, generate_from: 'report', ai_model: 'fast', language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(() => provider.requests.length, { timeout: 20_000 }).toBe(before + 1);
    // Stopped while the provider is still answering: the stop waits for it.
    await server.app.close();
    expect(await flagsIn(server.database, row!.id)).toEqual({ running: false, has: true, error: null });
    expect(provider.requests.length).toBe(before + 1);
  });

  it('ends a sheet left running without a job as interrupted, at start', async () => {
    const { server } = await firstServer();
    const [row] = await server.database.db.insert(books).values({ originalTitle: 'Stale', isAiGenerationRunning: true }).returning({ id: books.id });
    await server.app.close();
    next = await buildApp({ config: server.config, database: server.database, aiQueue: QUEUE });
    await next.ready();
    expect(await flagsIn(server.database, row!.id)).toEqual({ running: false, has: false, error: GENERATION_MESSAGES.interrupted });
  });
});
