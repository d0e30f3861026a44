import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a definition changed by path in tests

const builtIn = loadScreenFiles().get('reading-sheets')!;
/** The sheets' built-in screen (schemas/reading-sheets.screen.json, its form the editor's), a copy to change. */
const sheetFile = () => structuredClone(builtIn) as Json;

describe('admin/screens/reading-sheets: the reading sheet editor is the form of the sheets’ screen, like any other', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }), ...(headers ? { headers } : {}) });
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    for (const title of ['Short title', 'A title of thirty characters..', 'A much longer original title, of more than forty characters']) {
      const created = await call('POST', 'books', { original_title: title });
      expect(created.statusCode).toBe(200);
      ids.push(created.json().data.id as number);
    }
  });
  afterAll(async () => t?.close());

  /** The editor with original titles of at most `max` characters and another label for the field. */
  const shorterTitles = (max: number) => {
    const definition = sheetFile();
    definition.form.schema.properties.original_title.maxLength = max;
    return { definition, labels: { fields: { original_title: 'Title in its language' } } };
  };

  it('is listed once, with the screens, and read as its file at version 0', async () => {
    const names = (await call('GET', 'screens')).json().data.map((screen: { name: string }) => screen.name);
    expect(names.filter((name: string) => /sheet/i.test(name))).toEqual(['reading-sheets']);
    const row = (await call('GET', 'screens')).json().data.find((screen: { name: string }) => screen.name === 'reading-sheets');
    expect(row).toMatchObject({ name: 'reading-sheets', version: 0, customised: false, hasDraft: false });
    const one = (await call('GET', 'screens/reading-sheets')).json().data;
    expect(one.definition).toEqual(sheetFile());
    expect(one.labels.fields.original_title).toBeTypeOf('string');
  });

  it('checks a draft completely: what it may not change, and the form’s own mistakes, each at its path', async () => {
    expect((await call('POST', 'screens/reading-sheets/check', shorterTitles(20))).json()).toEqual({ errors: [] });
    const broken = sheetFile();
    broken.form.schema.properties.nb_pages.type = 'string';
    broken.form.schema.properties.original_title.maxLength = 900;
    broken.form.schema.required = [];
    broken.form.schema.properties.website = { type: 'string' };
    broken.form.uiSchema.original_title = { ...broken.form.uiSchema.original_title, 'ui:widget': 'colour' };
    // What the AI drafts of a map is the server's: its draft, prompts and storage follow the file.
    broken.form.schema.properties.tones['x-aiDraft'].ask = 'string: the mood';
    broken.form.bespoke = false;
    const { errors } = (await call('POST', 'screens/reading-sheets/check', { definition: broken, labels: {} })).json();
    const at = (path: string) => errors.filter((error: { path: string }) => error.path === path).map((error: { message: string }) => error.message);
    expect(at('form.bespoke')).toEqual(['can only be changed in the repository: it changes what the server stores or serves.']);
    expect(at('form.schema.properties.nb_pages.type')).toEqual(['can only be changed in the repository: it changes what the server stores or serves.']);
    expect(at('form.schema.properties.tones.x-aiDraft')).toEqual(['can only be changed in the repository: it changes what the server stores or serves.']);
    expect(at('form.schema.properties.original_title.maxLength')).toEqual([
      '900 is above 500, the built-in limit the stored values fit: it can only be lowered here.',
    ]);
    expect(at('form.schema.required')).toEqual(['must keep "original_title": the save needs it (a field can be made required here, not optional).']);
    expect(at('form.schema.properties.website')[0]).toMatch(/^is not stored by the server: Reading sheet records have no such field/);
    expect(at('form.uiSchema.original_title.ui:widget')[0]).toMatch(/^"colour" is not a widget; known: /);
  });

  it('tells how many stored sheets a shorter title would refuse, with their ids and why', async () => {
    const impact = (await call('POST', 'screens/reading-sheets/impact', { definition: shorterTitles(20).definition })).json().data;
    expect(impact).toMatchObject({ refused: 2, measured: 3, total: 3, sample: false });
    expect(impact.first.map((entry: { id: number }) => entry.id)).toEqual([ids[1], ids[2]]);
    expect(impact.first[0].reason).toMatch(/^original_title: The original title may not be greater than 20 characters\.$/);
    // Texts only: nothing can be refused.
    const relabelled = sheetFile();
    relabelled.form.schema.properties.original_title.title = 'Title';
    expect((await call('POST', 'screens/reading-sheets/impact', { definition: relabelled })).json().data).toMatchObject({ refused: 0, total: 3 });
  });

  it('measures a change to one of the sheet’s lists on the sheets as the editor reads them, lists included', async () => {
    const created = await call('POST', 'books', { original_title: 'A cast of two', characters: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    const fewer = sheetFile();
    fewer.form.schema.properties.characters.maxItems = 1;
    const impact = (await call('POST', 'screens/reading-sheets/impact', { definition: fewer })).json().data;
    // Only the sheet with more characters than the new rule allows counts; its lists were read to know it.
    expect(impact).toMatchObject({ refused: 1, measured: 4, total: 4, sample: false });
    expect(impact.first).toEqual([{ id, reason: expect.stringMatching(/^characters: /) }]);
    expect((await call('DELETE', `books/${id}`)).statusCode).toBe(200);
  });

  it('publishes: saves follow the new rule (saying so to a form opened before), the session brings it with its labels', async () => {
    expect((await call('PUT', 'screens/reading-sheets/draft', shorterTitles(20))).statusCode).toBe(200);
    const published = await call('POST', 'screens/reading-sheets/publish', { comment: 'Shorter titles', baseVersion: 0 });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toMatchObject({ version: 1, comment: 'Shorter titles' });

    const refused = await call('POST', `books/${ids[0]}`, { original_title: 'A title far too long now', version: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The original title may not be greater than 20 characters.',
      errors: { original_title: ['The original title may not be greater than 20 characters.'] },
    });
    const before = await call('POST', `books/${ids[0]}`, { original_title: 'A title far too long now', version: 1 }, { 'x-screen-version': '0' });
    expect(before.json().message).toBe('This screen was changed while you were editing it: The original title may not be greater than 20 characters.');
    // A refusal of the save's own rules is not the change's doing.
    const own = await call('POST', `books/${ids[0]}`, { original_title: 'Short', genres: [1], primary_genre: 2, version: 1 }, { 'x-screen-version': '0' });
    expect(own.statusCode).toBe(422);
    expect(own.json().message).not.toContain('This screen was changed');
    expect((await call('POST', `books/${ids[0]}`, { original_title: 'Short enough', version: 1 })).statusCode).toBe(200);

    const me = (await t.as(cookie, { method: 'GET', url: '/api/admin/me', headers: { 'x-screens-stamp': 'none' } })).json();
    expect(me.screens.versions['reading-sheets']).toBe(1);
    expect(me.screens).not.toHaveProperty('forms');
    const sheets = me.screens.definitions.find((screen: { resource: string }) => screen.resource === 'reading-sheets');
    expect(sheets.form.schema.properties.original_title.maxLength).toBe(20);
    expect(me.screens.labels['screens.reading-sheets'].fields.original_title).toBe('Title in its language');
    const script = await t.as(cookie, { method: 'GET', url: me.screens.validators });
    expect(script.body).toContain('maxLength');
    expect(script.body).toMatch(/limit: 20\b|> 20\b/);
  });

  it('rolls back to the built-in file, and exports a version as the screen’s file', async () => {
    const file = await call('GET', 'screens/reading-sheets/versions/1/export');
    expect(file.headers['content-disposition']).toBe('attachment; filename="reading-sheets.screen.json"');
    expect(JSON.parse(file.body).form.schema.properties.original_title.maxLength).toBe(20);
    const diff = (await call('GET', 'screens/reading-sheets/diff?from=0&to=1')).json().data;
    expect(diff.changes).toEqual(['Original title: now labelled Title in its language', 'Title in its language: at most 20 characters (was 500)']);
    const rolled = await call('POST', 'screens/reading-sheets/rollback', { version: 0 });
    expect(rolled.json().data).toMatchObject({ version: 2 });
    expect((await call('POST', `books/${ids[0]}`, { original_title: 'A title long again, and accepted', version: 2 })).statusCode).toBe(200);
  });
});
