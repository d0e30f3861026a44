import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_NAMES, FIELD_NAMES, screenMetaSchema } from '../../common/screenDefinition.js';
import { BUILT_IN_WIDGET_OPTIONS, WIDGET_OPTIONS } from '../../common/widgetOptions.js';
import { books, genres, screenDrafts, screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- definitions changed by path in tests

/** The genres screen as its file holds it, a copy to change. */
const genresFile = () => structuredClone(loadScreenFiles().get('genres')!) as Json;
/** The reading sheet editor's built-in definition (its two files), a copy to change. */
const sheetFile = () => structuredClone(loadScreenFiles().get('reading-sheets')!) as unknown as Json;

/** The genres definition with the English name limited to `max` characters. */
const shorterNames = (max: number) => {
  const definition = genresFile();
  definition.form.schema.definitions.name.maxLength = max;
  return definition;
};

const LONG_NAME = 'A name of twenty-five ch.';
const TOO_LONG = 'The name (English) may not be greater than 20 characters.';
const DRAFT_ERRORS = 'The draft has errors: correct them before publishing.';
const STORAGE = 'can only be changed in the repository: it changes what the server stores or serves.';

describe('admin/screens for the screen studio: catalog, the preview’s save, the diff of the draft', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const rows = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  /** The rows of every table a save or a draft could have written. */
  const written = async () => ({
    genres: await rows(genres),
    books: await rows(books),
    drafts: await rows(screenDrafts),
    versions: await rows(screenVersions),
  });

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    await t.database.db.insert(genres).values({ names: { en: 'Crime' }, color: '#0091ea', searchText: 'crime' });
  });
  afterAll(async () => t?.close());

  describe('GET admin/screens/{name}/catalog', () => {
    it('offers for a resource screen what its list returns and accepts and what its form may store', async () => {
      const response = await call('GET', 'screens/genres/catalog');
      expect(response.statusCode).toBe(200);
      const catalog = response.json().data;
      const [row] = (await call('GET', 'genres')).json().data;
      expect(catalog.listFields).toEqual(expect.arrayContaining(Object.keys(row)));
      expect(catalog.listFields).toEqual(['id', 'name', 'names', 'color', 'parent_id', 'parent_name']);
      expect(catalog.filters).toEqual([
        { param: 'page', kind: 'paging', several: false },
        { param: 'perPage', kind: 'paging', several: false },
        { param: 'name', kind: 'filter', several: false, op: 'search', text: true },
        // The record's field holding the column it filters: the studio takes its label and choices for a new filter.
        { param: 'parent_id', kind: 'filter', several: true, op: 'in', text: false, field: 'parent_id' },
      ]);
      const statuses = (await call('GET', 'screens/demands/catalog')).json().data.filters;
      expect(statuses).toContainEqual({ param: 'status', kind: 'filter', several: true, op: 'in', text: false, field: 'demand_status_id' });
      // A condition of its own (the search of users and sheets) holds no one field.
      expect(statuses.find((filter: { param: string }) => filter.param === 'name')).not.toHaveProperty('field');
      expect(catalog.searchParams).toEqual(['name']);
      // What the check takes as stored: a form field among these is saved, one returned read-only needs "readOnly".
      expect(catalog.formFields).toEqual(['names', 'color', 'parent_id']);
      expect(catalog.readOnlyFields).toEqual(['id', 'name', 'parent_name']);
      expect(catalog.widgets).toContainEqual({ name: 'color', builtIn: false, options: WIDGET_OPTIONS.color });
      expect(catalog.widgets).toContainEqual({ name: 'textarea', builtIn: true, options: BUILT_IN_WIDGET_OPTIONS });
      expect(catalog.widgets.find((widget: { name: string }) => widget.name === 'remoteSelect').options.properties.source).toBeDefined();
      expect(catalog.fields.map((field: { name: string }) => field.name)).toEqual([...FIELD_NAMES]);
      expect(catalog.fields).toContainEqual(expect.objectContaining({ name: 'notice', display: true }));
      expect(catalog.fields).toContainEqual(expect.objectContaining({ name: 'translatable', display: false }));
      expect(catalog.anyFieldOptions.properties.visibleWhen).toBeDefined();
      expect(catalog.rootOptions.properties.tabs).toBeDefined();
      expect(catalog.cells).toEqual([...CELL_NAMES]);
      expect(catalog.filterWidgets).toEqual(['select', 'multiSelect', 'treeSelect', 'month', 'stars', 'text']);
      const file = genresFile();
      expect(catalog.routes).toContainEqual({ name: file.routes.list.name, path: file.routes.list.path, screen: 'genres' });
      expect(catalog.routes).toContainEqual({ name: file.routes.form.name, path: file.routes.form.path, screen: 'genres' });
      expect(catalog.languages).toEqual([{ code: 'en', name: 'English' }]);
      expect(catalog.metaSchema).toEqual(JSON.parse(JSON.stringify(screenMetaSchema)));
    });

    it('offers for the sheets’ screen its list, the fields its editor’s save writes and those the sheet returns read-only', async () => {
      const catalog = (await call('GET', 'screens/reading-sheets/catalog')).json().data;
      expect(catalog.listFields).toEqual(expect.arrayContaining(['original_title', 'author_names', 'primary_genre_name']));
      expect(catalog.searchParams).toEqual(['search']);
      // What a sheet stores: every field of its form but the stored files, which it returns read-only.
      const form = sheetFile().form.schema.properties as Record<string, { readOnly?: boolean }>;
      const stored = Object.keys(form).filter((name) => !form[name]!.readOnly);
      expect([...catalog.formFields].sort()).toEqual(stored.sort());
      expect(catalog.readOnlyFields).toEqual(expect.arrayContaining(['id', 'documentList', 'manuscript']));
      expect(catalog.widgets).toContainEqual({ name: 'color', builtIn: false, options: WIDGET_OPTIONS.color });
      expect(catalog.metaSchema).toEqual(JSON.parse(JSON.stringify(screenMetaSchema)));
    });

    it('answers 404 for an unknown screen, 401 without a session', async () => {
      expect((await call('GET', 'screens/nothing/catalog')).json()).toEqual({ message: 'screen not found' });
      expect((await call('GET', 'screens/nothing/catalog')).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/screens/genres/catalog' })).statusCode).toBe(401);
    });
  });

  describe('POST admin/screens/{name}/validate', () => {
    it('accepts a record the draft’s form accepts, and writes nothing', async () => {
      const before = await written();
      const response = await call('POST', 'screens/genres/validate', { definition: shorterNames(20), record: { names: { en: 'Noir' }, color: '#0091ea' } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'valid', errors: {} });
      expect(await written()).toEqual(before);
    });

    it('refuses what the draft’s rule refuses, as the save would once it is published, and writes nothing', async () => {
      const before = await written();
      const record = { names: { en: LONG_NAME }, color: '#0091ea' };
      const refused = await call('POST', 'screens/genres/validate', { definition: shorterNames(20), record });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: TOO_LONG, errors: { 'names.en': [TOO_LONG] } });
      // The file's form (in use) accepts it: the draft decides.
      expect((await call('POST', 'screens/genres/validate', { definition: genresFile(), record })).json()).toEqual({ message: 'valid', errors: {} });
      // The save's own rules: a field the resource does not store, strings trimmed before the schema judges them.
      const unknown = await call('POST', 'screens/genres/validate', { definition: shorterNames(20), record: { ...record, website: 'x' } });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ website: ['The website field is not accepted: Genre records have no such field.'] });
      const padded = await call('POST', 'screens/genres/validate', {
        definition: shorterNames(20),
        record: { names: { en: `  ${'x'.repeat(20)}  ` }, color: '#0091ea' },
      });
      expect(padded.json()).toEqual({ message: 'valid', errors: {} });
      expect(await written()).toEqual(before);
      // The same record saved for real after a publish answers the same.
      expect((await call('PUT', 'screens/genres/draft', { definition: shorterNames(20), labels: {} })).statusCode).toBe(200);
      expect((await call('POST', 'screens/genres/publish', { baseVersion: 0 })).statusCode).toBe(200);
      const saved = await call('POST', 'genres', record);
      expect({ status: saved.statusCode, body: saved.json() }).toEqual({ status: 422, body: refused.json() });
      expect((await call('POST', 'screens/genres/rollback', { version: 0 })).statusCode).toBe(200);
    });

    it('validates a reading sheet with the draft’s schema, as the sheet’s save does, and writes nothing', async () => {
      const definition = sheetFile();
      definition.form.schema.properties.original_title.maxLength = 20;
      const before = await written();
      const refused = await call('POST', 'screens/reading-sheets/validate', {
        definition,
        record: { original_title: 'A title far longer than twenty characters' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        message: 'The original title may not be greater than 20 characters.',
        errors: { original_title: ['The original title may not be greater than 20 characters.'] },
      });
      expect((await call('POST', 'screens/reading-sheets/validate', { definition, record: { original_title: '  Short title  ' } })).json()).toEqual({
        message: 'valid',
        errors: {},
      });
      expect((await call('POST', 'screens/reading-sheets/validate', { definition, record: { original_title: 'Short', website: 'x' } })).json().errors).toEqual({
        website: ['The website field is not accepted: Reading sheet records have no such field.'],
      });
      expect(await written()).toEqual(before);
    });

    it('runs the whole save, database rules included, and keeps nothing: a name taken, a parent that does not exist, an update of a record', async () => {
      const [first] = (await call('GET', 'genres?perPage=1')).json().data as { id: number; names: Record<string, string> }[];
      const before = await written();
      const taken = await call('POST', 'screens/genres/validate', { definition: genresFile(), record: { names: { en: first!.names.en }, color: '#0091ea' } });
      expect(taken.statusCode).toBe(422);
      expect(Object.keys(taken.json().errors)).toEqual(['names.en']);
      const orphan = await call('POST', 'screens/genres/validate', {
        definition: genresFile(),
        record: { names: { en: 'Orphan' }, color: '#0091ea', parent_id: 2_000_000_000 },
      });
      expect(orphan.statusCode).toBe(422);
      expect(Object.keys(orphan.json().errors)).toEqual(['parent_id']);
      // The record itself keeps its name: an update of it is previewed, not a create.
      const itself = await call('POST', 'screens/genres/validate', {
        definition: genresFile(),
        record: { id: first!.id, names: first!.names, color: '#0091ea' },
      });
      expect(itself.json()).toEqual({ message: 'valid', errors: {} });
      const sheet = await call('POST', 'screens/reading-sheets/validate', {
        definition: sheetFile(),
        record: { original_title: 'Preview', genres: [2_000_000_000] },
      });
      expect(sheet.statusCode).toBe(422);
      expect(Object.keys(sheet.json().errors)).toEqual(['genres.0']);
      expect(await written()).toEqual(before);
    });

    it('refuses a draft with problems (each at its path, as a publish), a screen with no form, an unknown screen', async () => {
      const broken = shorterNames(20);
      broken.api = 'kinds';
      const refused = await call('POST', 'screens/genres/validate', { definition: broken, record: { names: { en: 'Noir' } } });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: DRAFT_ERRORS, errors: { api: [STORAGE, '"kinds" is served by no declared resource (server/resources)'] } });
      const sheet = sheetFile();
      sheet.form.bespoke = false;
      expect((await call('POST', 'screens/reading-sheets/validate', { definition: sheet, record: {} })).json()).toEqual({
        message: DRAFT_ERRORS,
        errors: { 'form.bespoke': [STORAGE] },
      });
      const { form: _form, ...formless } = genresFile();
      const noForm = await call('POST', 'screens/genres/validate', { definition: formless, record: {} });
      expect(noForm.statusCode).toBe(422);
      expect(noForm.json()).toEqual({ message: 'This screen has no form: no record is saved through it.' });
      expect((await call('POST', 'screens/genres/validate', { definition: genresFile() })).json().errors).toEqual({
        record: ['The record field is required.'],
      });
      expect((await call('POST', 'screens/nothing/validate', { definition: {}, record: {} })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/screens/genres/validate', payload: { definition: genresFile(), record: {} } })).statusCode,
      ).toBe(401);
    });
  });

  describe('GET admin/screens/{name}/diff with the draft', () => {
    it('compares the published version with the stored draft (draft on either side), versions as before', async () => {
      expect((await call('PUT', 'screens/genres/draft', { definition: shorterNames(20), labels: {} })).statusCode).toBe(200);
      const published = (await call('GET', 'screens/genres')).json().data.version;
      const toDraft = await call('GET', `screens/genres/diff?from=${published}&to=draft`);
      expect(toDraft.statusCode).toBe(200);
      expect(toDraft.json().data.changes).toContain('Name: at most 20 characters (was 255)');
      expect(toDraft.json().data.json).toMatch(/^\+ +"maxLength": 20,?$/m);
      expect((await call('GET', 'screens/genres/diff?from=0&to=draft')).json().data.changes).toContain('Name: at most 20 characters (was 255)');
      expect((await call('GET', 'screens/genres/diff?from=draft&to=0')).json().data.changes).toContain('Name: at most 255 characters (was 20)');
      expect((await call('GET', 'screens/genres/diff?from=draft&to=draft')).json().data.changes).toEqual([]);
      // Numbers as before: version 1 lowered the names to 20, version 2 went back to the file.
      expect((await call('GET', 'screens/genres/diff?from=0&to=1')).json().data.changes).toContain('Name: at most 20 characters (was 255)');
      expect((await call('GET', 'screens/genres/diff?from=1&to=2')).json().data.changes).toContain('Name: at most 255 characters (was 20)');
    });

    it('names a kept column’s changed settings', async () => {
      const definition = genresFile() as unknown as { list: { columns: Record<string, unknown>[] } };
      definition.list.columns[0]!.width = '4rem';
      delete definition.list.columns[2]!.width;
      const { labels } = (await call('GET', 'screens/genres/versions/0')).json().data;
      expect((await call('PUT', 'screens/genres/draft', { definition, labels })).statusCode).toBe(200);
      expect((await call('GET', 'screens/genres/diff?from=0&to=draft')).json().data.changes).toEqual([
        'List column Id: width 4rem (was 6rem)',
        'List column Colour: width none (was 8rem)',
      ]);
      // The draft the next tests read.
      expect((await call('PUT', 'screens/genres/draft', { definition: shorterNames(20), labels: {} })).statusCode).toBe(200);
    });

    it('reads a draft as stored, unchecked: entries of any shape', async () => {
      const odd = {
        list: { columns: [null, 3, { field: 'name' }], filters: [null] },
        form: { schema: { required: 5, properties: { name: {} } }, uiSchema: { 'ui:order': 7 } },
      };
      expect((await call('PUT', 'screens/times/draft', { definition: odd, labels: {} })).statusCode).toBe(200);
      const diff = await call('GET', 'screens/times/diff?from=0&to=draft');
      expect(diff.statusCode).toBe(200);
      expect(diff.json().data.changes).toEqual(expect.arrayContaining(['New list column: null', 'New list column: 3']));
    });

    it('answers 404 when the screen has no draft, and refuses other values as before', async () => {
      const none = await call('GET', 'screens/authors/diff?from=0&to=draft');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'This screen has no draft to compare: save a draft first.' });
      expect((await call('GET', 'screens/nothing/diff?from=0&to=draft')).statusCode).toBe(404);
      expect((await call('GET', 'screens/genres/diff?from=0&to=7')).json()).toEqual({ message: 'This screen has no version 7.' });
      const refused = async (query: string) => (await call('GET', `screens/genres/diff?${query}`)).json();
      expect(await refused('from=abc&to=draft')).toEqual({ message: 'The from must be an integer.', errors: { from: ['The from must be an integer.'] } });
      expect(await refused('from=0&to=Draft')).toEqual({ message: 'The to must be an integer.', errors: { to: ['The to must be an integer.'] } });
      expect(await refused('from=1e3&to=0')).toEqual({ message: 'The from must be an integer.', errors: { from: ['The from must be an integer.'] } });
      expect(await refused('from=-1&to=draft')).toEqual({ message: 'The from must be at least 0.', errors: { from: ['The from must be at least 0.'] } });
      expect(await refused('from=0&to=2147483648')).toEqual({
        message: 'The to may not be greater than 2147483647.',
        errors: { to: ['The to may not be greater than 2147483647.'] },
      });
      expect(await refused('from=0&from=1&to=draft')).toEqual({ message: 'The from must be an integer.', errors: { from: ['The from must be an integer.'] } });
      expect((await call('GET', 'screens/genres/diff?from[]=0&to[]=draft')).json().data.changes).toContain('Name: at most 20 characters (was 255)');
      expect(await refused('to=draft')).toEqual({ message: 'The from field is required.', errors: { from: ['The from field is required.'] } });
    });
  });
});
