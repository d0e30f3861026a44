import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILE_RULES } from '../../common/fileRules.js';
import { isYouTubeUrl } from '../../common/youtube.js';
import { aiPrompts, bookLiteraryPrizes, books, literaryPrizes, news } from '../../server/db/schema/index.js';
import { AI_DRAFT_JSON_STRUCTURE, AI_PROMPT_SEEDS, seedAiPrompts } from '../../server/db/seed/aiPrompts.js';
import { AI_PROMPT_MESSAGES } from '../../server/resources/aiPrompts.js';
import { LITERARY_PRIZE_MESSAGES } from '../../server/resources/literaryPrizes.js';
import { NEWS_MESSAGES } from '../../server/resources/news.js';
import { RESOURCE_MESSAGES } from '../../server/engine/resourceService.js';
import { sanitizeRichText } from '../../server/engine/richText.js';
import { png } from '../helpers/png.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

let t: TestApp;
let cookie: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'editorial-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.login();
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.as(cookie, {
    method,
    url: `/api/admin/${url}`,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });

// ---------------------------------------------------------------------------------------------
// Multipart bodies and a real PNG.

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };
const BOUNDARY = '----editorial-test-boundary-Zk3uQ1';

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks = parts.flatMap((part) => {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    return [
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
      'filename' in part ? part.content : Buffer.from(part.value),
      Buffer.from('\r\n'),
    ];
  });
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const sendMultipart = (url: string, parts: Part[], method: Method = 'POST') => t.as(cookie, { method, url: `/api/admin/${url}`, ...multipart(parts) });

/** Every stored file, relative to `<DATA_DIR>/files` (temporary ones included). */
async function storedFiles(): Promise<string[]> {
  try {
    const root = path.join(dataDir, 'files');
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/api\/admin\/files\//, '').split('?')[0]!);
const rows = async (table: typeof news | typeof literaryPrizes) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const newsParts = (fields: Record<string, string>, file?: { filename: string; content: Buffer }): Part[] => [
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ...(file ? [{ name: 'image', filename: file.filename, content: file.content, type: 'image/png' }] : []),
];

// ---------------------------------------------------------------------------------------------

describe('news', () => {
  it('creates a news from multipart form data with a real PNG, sanitising the description', async () => {
    const before = await storedFiles();
    const image = png(8, [200, 30, 30]);
    const response = await sendMultipart(
      'news',
      newsParts(
        {
          title: '  Spring list ',
          description:
            '<p onclick="steal()">Our <strong>new</strong> titles<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org">site</a></p>',
          type: '1',
          link: '',
        },
        { filename: 'C:\\Users\\me\\spring.png', content: image },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      title: 'Spring list',
      description:
        '<p>Our <strong>new</strong> titles <a target="_blank" rel="noopener noreferrer">x</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">site</a></p>',
      type: 1,
      image: expect.stringMatching(/^\/api\/admin\/files\/news\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/),
      link: null,
    });
    expect((await call('GET', `news/${data.id}`)).json()).toEqual({ data });
    expect(await storedFiles()).toEqual([...before, keyOf(data.image)].sort());
    const served = await t.as(cookie, { method: 'GET', url: data.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it('creates a YouTube news from JSON or multipart and checks the link', async () => {
    const created = await call('POST', 'news', { title: 'Trailer', description: '<p>Watch it</p>', type: 0, link: YOUTUBE });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ type: 0, link: YOUTUBE, image: null });
    const form = await sendMultipart('news', newsParts({ title: 'Short', description: '<p>x</p>', type: '0', link: 'https://youtu.be/dQw4w9WgXcQ' }));
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({ type: 0, link: 'https://youtu.be/dQw4w9WgXcQ', image: null });

    for (const link of [
      'https://vimeo.com/12345',
      'https://www.youtube.com/channel/UC1234567890',
      'javascript:alert(1)',
      'not a url',
      'https://youtube.com.evil.org/watch?v=dQw4w9WgXcQ',
    ]) {
      const response = await call('POST', 'news', { title: 'T', description: '<p>x</p>', type: 0, link });
      expect(response.statusCode, link).toBe(422);
      expect(response.json().errors, link).toEqual({ link: [NEWS_MESSAGES.notYouTube] });
    }
    const empty = await call('POST', 'news', { title: 'T', description: '<p>x</p>', type: 0 });
    expect(empty.json().errors).toEqual({ link: [NEWS_MESSAGES.linkRequired] });
    expect(isYouTubeUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(true);
    expect(isYouTubeUrl('https://www.youtube.com/embed/dQw4w9WgXcQ?start=3')).toBe(true);
    expect(isYouTubeUrl('https://youtu.be/short')).toBe(false);
  });

  it('answers 422 keyed by title, description, image and link', async () => {
    const count = await rows(news);
    const missing = await call('POST', 'news', { type: 1 });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['description', 'title']);
    const scriptOnly = await call('POST', 'news', { title: 'T', description: '<script>alert(1)</script><p> </p>', type: 1 });
    expect(scriptOnly.json().errors).toEqual({ description: [NEWS_MESSAGES.descriptionRequired], image: [NEWS_MESSAGES.imageRequired] });
    const badType = await call('POST', 'news', { title: 'x'.repeat(256), description: '<p>x</p>', type: 3, link: 7 });
    expect(Object.keys(badType.json().errors).sort()).toEqual(['link', 'title', 'type']);
    expect(await rows(news)).toBe(count);
  });

  it('refuses an oversize image with the spec message, a wrong extension and a disguised file, storing nothing', async () => {
    const count = await rows(news);
    const files = await storedFiles();
    const big = png(4, [0, 0, 0], FILE_RULES.newsImage.maxBytes);
    const oversize = await sendMultipart('news', newsParts({ title: 'Big', description: '<p>x</p>', type: '1' }, { filename: 'big.png', content: big }));
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toMatchObject({ message: 'Image should not be greater than 5Mb', errors: { image: ['Image should not be greater than 5Mb'] } });
    const gif = await sendMultipart(
      'news',
      newsParts({ title: 'Gif', description: '<p>x</p>', type: '1' }, { filename: 'anim.gif', content: Buffer.from('GIF89a......') }),
    );
    expect(gif.statusCode).toBe(422);
    expect(gif.json().errors).toEqual({ image: [FILE_RULES.newsImage.extensionMessage] });
    const disguised = await sendMultipart(
      'news',
      newsParts({ title: 'Fake', description: '<p>x</p>', type: '1' }, { filename: 'photo.jpg', content: png(2, [1, 2, 3]) }),
    );
    expect(disguised.statusCode).toBe(422);
    expect(Object.keys(disguised.json().errors)).toEqual(['image']);
    expect(await rows(news)).toBe(count);
    expect(await storedFiles()).toEqual(files);
  });

  it('removes the uploaded file of a save refused after the upload (422, 404)', async () => {
    const files = await storedFiles();
    const invalid = await sendMultipart(
      'news',
      newsParts({ title: '', description: '<p>x</p>', type: '1' }, { filename: 'a.png', content: png(2, [9, 9, 9]) }),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ title: ['The title field is required.'] });
    const unknown = await sendMultipart(
      'news/999999',
      newsParts({ title: 'T', description: '<p>x</p>', type: '1' }, { filename: 'a.png', content: png(2, [9, 9, 9]) }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(files);
  });

  it('replaces the image on update, keeps it when none is sent, and removes it when the news becomes a link', async () => {
    const first = (
      await sendMultipart('news', newsParts({ title: 'Cover', description: '<p>x</p>', type: '1' }, { filename: 'a.png', content: png(4, [1, 1, 1]) }))
    ).json().data;
    const kept = await sendMultipart(`news/${first.id}`, newsParts({ title: 'Cover 2', description: '<p>y</p>', type: '1', image: '' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ message: RESOURCE_MESSAGES.updated, data: { title: 'Cover 2', image: first.image } });
    const replaced = (
      await sendMultipart(
        `news/${first.id}`,
        newsParts({ title: 'Cover 3', description: '<p>y</p>', type: '1' }, { filename: 'b.png', content: png(4, [2, 2, 2]) }),
      )
    ).json().data;
    expect(replaced.image).not.toBe(first.image);
    let files = await storedFiles();
    expect(files).not.toContain(keyOf(first.image));
    expect(files).toContain(keyOf(replaced.image));
    const link = (await call('POST', `news/${first.id}`, { title: 'Cover 4', description: '<p>y</p>', type: 0, link: YOUTUBE, image: replaced.image })).json()
      .data;
    expect(link).toMatchObject({ type: 0, link: YOUTUBE, image: null });
    files = await storedFiles();
    expect(files).not.toContain(keyOf(replaced.image));
  });

  it('DELETE news/news-image/{id} clears the image and removes its file', async () => {
    const created = (
      await sendMultipart('news', newsParts({ title: 'To clear', description: '<p>x</p>', type: '1' }, { filename: 'c.png', content: png(4, [3, 3, 3]) }))
    ).json().data;
    expect(await storedFiles()).toContain(keyOf(created.image));
    const response = await call('DELETE', `news/news-image/${created.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: RESOURCE_MESSAGES.fileDeleted, data: { ...created, image: null } });
    expect(await storedFiles()).not.toContain(keyOf(created.image));
    expect((await call('GET', `news/${created.id}`)).json().data.image).toBeNull();
    expect((await t.as(cookie, { method: 'GET', url: created.image })).statusCode).toBe(404);
    expect((await call('DELETE', `news/news-image/${created.id}`)).statusCode).toBe(200);
    for (const id of ['999999', 'abc', '0']) expect((await call('DELETE', `news/news-image/${id}`)).statusCode, id).toBe(404);
    // Saving it again as an image needs a new file.
    const again = await call('POST', `news/${created.id}`, { title: 'To clear', description: '<p>x</p>', type: 1 });
    expect(again.json().errors).toEqual({ image: [NEWS_MESSAGES.imageRequired] });
  });

  it('deleting a news removes its file; unknown ids answer 404', async () => {
    const created = (
      await sendMultipart('news', newsParts({ title: 'Gone', description: '<p>x</p>', type: '1' }, { filename: 'd.png', content: png(4, [4, 4, 4]) }))
    ).json().data;
    const response = await call('DELETE', `news/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect(await storedFiles()).not.toContain(keyOf(created.image));
    for (const method of ['GET', 'DELETE'] as const) {
      for (const id of [String(created.id), '999999', 'abc', '-1', '99999999999']) {
        const missing = await call(method, `news/${id}`);
        expect(missing.statusCode, `${method} ${id}`).toBe(404);
        expect(missing.json()).toEqual({ message: 'News not found' });
      }
    }
    expect((await call('POST', `news/${created.id}`, { title: 'T', description: '<p>x</p>', type: 0, link: YOUTUBE })).statusCode).toBe(404);
  });

  it('pages newest first and searches title and description text, accent-insensitively', async () => {
    for (let i = 1; i <= 11; i++)
      await call('POST', 'news', { title: `Filler ${i}`, description: `<p>Paging <em>filler</em> number ${i}</p>`, type: 0, link: YOUTUBE });
    await call('POST', 'news', { title: 'Rentrée littéraire', description: '<p>Les <strong>romans</strong> de la saison</p>', type: 0, link: YOUTUBE });
    const total = await rows(news);
    const first = (await call('GET', 'news')).json();
    expect(first.data).toHaveLength(10);
    expect(first.meta).toEqual({ total, current_page: 1, per_page: 10, last_page: Math.ceil(total / 10) });
    const ids = first.data.map((row: Body) => row.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await call('GET', 'news?page=2&perPage=10')).json();
    expect(second.data[0].id).toBeLessThan(ids[9]);
    expect((await call('GET', 'news?name=RENTREE')).json().data.map((row: Body) => row.title)).toEqual(['Rentrée littéraire']);
    expect((await call('GET', 'news?name=romans%20de')).json().meta.total).toBe(1);
    expect((await call('GET', 'news?name=strong')).json().meta.total).toBe(0);
    expect((await call('GET', 'news?name=filler%20number')).json().meta.total).toBe(11);
    expect((await call('GET', 'news?perPage=0')).statusCode).toBe(422);
  });

  it('keeps basic formatting and links only', () => {
    expect(
      sanitizeRichText(
        '<h1 style="color:red">T</h1><ol><li data-list="bullet" onclick="x"><span class="ql-ui" contenteditable="false"></span>a</li></ol><img src="x" onerror="y"><iframe src="https://e.vil"></iframe><p class="ql-align-center ql-evil">c</p>',
      ),
    ).toBe('<h1>T</h1><ol><li data-list="bullet">a</li></ol><p class="ql-align-center">c</p>');
    expect(sanitizeRichText('<a href="mailto:a@b.co">m</a><a href="//evil.org">p</a><a href="data:text/html,x">d</a>')).toBe(
      '<a href="mailto:a@b.co" target="_blank" rel="noopener noreferrer">m</a><a target="_blank" rel="noopener noreferrer">p</a><a target="_blank" rel="noopener noreferrer">d</a>',
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('literary prizes', () => {
  let usedId: number;
  let freeId: number;

  it('creates prizes with a label and translatable names; canBeDeleted is computed', async () => {
    const response = await call('POST', 'literary-prizes', { label: '  Prix Goncourt ', names: { en: 'Goncourt Prize', fr: 'Prix Goncourt', de: '' } });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(RESOURCE_MESSAGES.created);
    expect(data).toEqual({
      id: expect.any(Number),
      label: 'Prix Goncourt',
      name: 'Goncourt Prize',
      names: { en: 'Goncourt Prize', fr: 'Prix Goncourt' },
      canBeDeleted: true,
    });
    usedId = data.id;
    const free = (await call('POST', 'literary-prizes', { label: 'Booker Prize' })).json().data;
    expect(free).toMatchObject({ label: 'Booker Prize', name: 'Booker Prize', names: {}, canBeDeleted: true });
    freeId = free.id;
    for (let i = 1; i <= 10; i++) expect((await call('POST', 'literary-prizes', { label: `Filler prize ${i}` })).statusCode).toBe(200);
  });

  it('answers 422 on label and names', async () => {
    expect((await call('POST', 'literary-prizes', { names: { en: 'x' } })).json().errors).toEqual({ label: ['The label field is required.'] });
    expect((await call('POST', 'literary-prizes', { label: 'PRIX GONCOURT' })).json().errors).toEqual({ label: [LITERARY_PRIZE_MESSAGES.labelTaken] });
    expect((await call('POST', `literary-prizes/${freeId}`, { label: 'prix goncourt' })).json().errors).toEqual({
      label: [LITERARY_PRIZE_MESSAGES.labelTaken],
    });
    expect(Object.keys((await call('POST', 'literary-prizes', { label: 'x', names: { fr: 'y'.repeat(256), pt: 'z' } })).json().errors).sort()).toEqual([
      'names',
      'names.fr',
    ]);
    const renamed = await call('POST', `literary-prizes/${freeId}`, { label: 'The Booker Prize', names: { en: 'Booker' } });
    expect(renamed.json()).toMatchObject({ message: RESOURCE_MESSAGES.updated, data: { id: freeId, label: 'The Booker Prize', name: 'Booker' } });
  });

  it('pages and searches by label or name', async () => {
    const total = await rows(literaryPrizes);
    const first = (await call('GET', 'literary-prizes')).json();
    expect(first.meta).toEqual({ total, current_page: 1, per_page: 10, last_page: Math.ceil(total / 10) });
    expect((await call('GET', 'literary-prizes?page=2')).json().data).toHaveLength(total - 10);
    expect((await call('GET', 'literary-prizes?label=goncourt')).json().data.map((p: Body) => p.id)).toEqual([usedId]);
    expect((await call('GET', 'literary-prizes?name=BOOKER')).json().data.map((p: Body) => p.id)).toEqual([freeId]);
    expect((await call('GET', 'literary-prizes?label=filler&perPage=3')).json().meta).toMatchObject({ total: 10, last_page: 4 });
  });

  it('is not deletable while a reading sheet uses it: canBeDeleted false and DELETE 409', async () => {
    const [book] = await t.database.db.insert(books).values({ originalTitle: 'Prized book' }).returning({ id: books.id });
    await t.database.db.insert(bookLiteraryPrizes).values({ bookId: book!.id, literaryPrizeId: usedId });
    expect((await call('GET', `literary-prizes/${usedId}`)).json().data.canBeDeleted).toBe(false);
    const listed = (await call('GET', 'literary-prizes?perPage=100')).json().data as Body[];
    expect(listed.find((p) => p.id === usedId)!.canBeDeleted).toBe(false);
    expect(listed.find((p) => p.id === freeId)!.canBeDeleted).toBe(true);
    const refused = await call('DELETE', `literary-prizes/${usedId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: LITERARY_PRIZE_MESSAGES.inUse });
    const deleted = await call('DELETE', `literary-prizes/${freeId}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `literary-prizes/${freeId}`)).statusCode).toBe(404);
    expect((await call('DELETE', `literary-prizes/${freeId}`)).json()).toEqual({ message: 'Literary prize not found' });
    await t.database.db.delete(books).where(eq(books.id, book!.id));
    expect((await call('GET', `literary-prizes/${usedId}`)).json().data.canBeDeleted).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------

describe('AI prompts', () => {
  let report: Body & { id: number };

  beforeEach(async () => {
    await seedAiPrompts(t.database.db);
  });

  it('are seeded once per AI source, idempotently, with both variables and a JSON structure of the AI draft', async () => {
    await seedAiPrompts(t.database.db);
    const stored = await t.database.db.select().from(aiPrompts).orderBy(aiPrompts.id);
    expect(stored.map((p) => p.label)).toEqual(['report', 'manuscript']);
    for (const prompt of stored) {
      expect(Object.keys(prompt.contents).sort()).toEqual(['en', 'fr']);
      for (const text of Object.values(prompt.contents)) {
        expect(text).toContain('{{context}}');
        expect(text).toContain('{{json_structure}}');
        expect(text.length).toBeGreaterThan(1000);
      }
      const structure = JSON.parse(prompt.jsonStructure);
      expect(structure).toEqual(AI_DRAFT_JSON_STRUCTURE);
      expect(Object.keys(structure)).toEqual(
        expect.arrayContaining([
          'author',
          'publishing_house_name',
          'title',
          'pitch',
          'summary',
          'criteria',
          'characters',
          'ratings',
          'ratings_justifications',
          'justifications',
        ]),
      );
    }
    expect(AI_PROMPT_SEEDS).toHaveLength(2);
  });

  it('keep what staff wrote at each start, but a structure lacking a text of the draft gets it, after the text before it', async () => {
    const [stored] = await t.database.db.select().from(aiPrompts).where(eq(aiPrompts.label, 'manuscript'));
    // Written before `tone` was drafted, and edited by staff: an entry of their own, `pitch` reworded.
    const edited: Record<string, unknown> = {
      ...(JSON.parse(stored!.jsonStructure) as Record<string, unknown>),
      pitch: 'string: one sentence',
      mood: 'string: staff wish',
    };
    delete edited.tone;
    await t.database.db
      .update(aiPrompts)
      .set({ jsonStructure: JSON.stringify(edited) })
      .where(eq(aiPrompts.id, stored!.id));
    await seedAiPrompts(t.database.db);
    const [after] = await t.database.db.select().from(aiPrompts).where(eq(aiPrompts.id, stored!.id));
    const structure = JSON.parse(after!.jsonStructure) as Record<string, unknown>;
    expect(structure).toEqual({ ...edited, tone: AI_DRAFT_JSON_STRUCTURE.tone });
    const keys = Object.keys(structure);
    expect(keys.indexOf('tone')).toBe(keys.indexOf('message') + 1);
    expect(after!.contents).toEqual(stored!.contents);
    // Complete: left as it is.
    await seedAiPrompts(t.database.db);
    expect((await t.database.db.select().from(aiPrompts).where(eq(aiPrompts.id, stored!.id)))[0]!.jsonStructure).toBe(after!.jsonStructure);
    await t.database.db.update(aiPrompts).set({ jsonStructure: stored!.jsonStructure }).where(eq(aiPrompts.id, stored!.id));
  });

  it('list, search by label, get, and 404', async () => {
    const list = (await call('GET', 'ai-prompts')).json();
    expect(list.meta.total).toBe(2);
    report = list.data[0];
    expect(report).toEqual({
      id: expect.any(Number),
      label: 'report',
      contents: AI_PROMPT_SEEDS[0]!.contents,
      json_structure: AI_PROMPT_SEEDS[0]!.jsonStructure,
    });
    expect((await call('GET', 'ai-prompts?label=MANU')).json().data.map((p: Body) => p.label)).toEqual(['manuscript']);
    expect((await call('GET', 'ai-prompts?perPage=1&page=2')).json()).toMatchObject({ data: [{ label: 'manuscript' }], meta: { total: 2, last_page: 2 } });
    expect((await call('GET', `ai-prompts/${report.id}`)).json()).toEqual({ data: report });
    expect((await call('GET', 'ai-prompts/999999')).json()).toEqual({ message: 'AI prompt not found' });
  });

  it('PUT updates the contents and structure, never the label; staff edits survive the seeder', async () => {
    const contents = {
      en: 'Summarise {{context}} as {{json_structure}} for {{title}}.',
      fr: 'Résume {{context}} selon {{json_structure}}.',
      es: 'Resume {{json_structure}} {{context}}',
    };
    const response = await call('PUT', `ai-prompts/${report.id}`, {
      label: 'hacked',
      contents: { ...contents, de: '' },
      json_structure: '{"title": "string"}',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: RESOURCE_MESSAGES.updated,
      data: { id: report.id, label: 'report', contents, json_structure: '{"title": "string"}' },
    });
    await seedAiPrompts(t.database.db);
    expect((await call('GET', `ai-prompts/${report.id}`)).json().data.contents).toEqual(contents);
  });

  it('PUT answers 422 per locale when a filled language misses {{context}} or {{json_structure}}, and on invalid JSON', async () => {
    const response = await call('PUT', `ai-prompts/${report.id}`, {
      contents: { en: 'Read {{context}} and answer {{json_structure}}', fr: 'Lis {{context}} seulement', it: 'Niente' },
      json_structure: '{"title": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'contents.fr': [AI_PROMPT_MESSAGES.missingVariables(['{{json_structure}}'])],
      'contents.it': [AI_PROMPT_MESSAGES.missingVariables(['{{context}}', '{{json_structure}}'])],
      json_structure: [AI_PROMPT_MESSAGES.invalidJson],
    });
    expect(AI_PROMPT_MESSAGES.missingVariables(['{{context}}', '{{json_structure}}'])).toBe('The content must mention {{context}} and {{json_structure}}.');
    const array = await call('PUT', `ai-prompts/${report.id}`, { contents: { en: '{{context}}{{json_structure}}' }, json_structure: '[1]' });
    expect(array.json().errors).toEqual({ json_structure: [AI_PROMPT_MESSAGES.notAnObject] });
    const schema = await call('PUT', `ai-prompts/${report.id}`, { contents: { fr: 'x' } });
    expect(Object.keys(schema.json().errors).sort()).toEqual(['contents.en', 'json_structure']);
    expect((await call('PUT', 'ai-prompts/999999', { contents: { en: '{{context}}{{json_structure}}' }, json_structure: '{}' })).statusCode).toBe(404);
  });

  it('has no create, no delete and no POST update: 404', async () => {
    const before = await t.database.db.select({ n: count() }).from(aiPrompts);
    const valid = { contents: { en: '{{context}} {{json_structure}}' }, json_structure: '{}' };
    expect((await call('POST', 'ai-prompts', valid)).statusCode).toBe(404);
    expect((await call('POST', `ai-prompts/${report.id}`, valid)).statusCode).toBe(404);
    expect((await call('DELETE', `ai-prompts/${report.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select({ n: count() }).from(aiPrompts)).toEqual(before);
  });
});
