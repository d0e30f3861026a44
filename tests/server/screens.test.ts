import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { genres, screenVersions } from '../../server/db/schema/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** The parts of the genres file the tests change. */
interface GenresFile {
  api: string;
  permissions: { delete: boolean };
  list: { columns: Record<string, string>[] };
  form: { schema: { definitions: { name: { maxLength: number } } } };
}

/** The genres screen as its file holds it, a copy to change. */
const genresFile = () => structuredClone(loadScreenFiles().get('genres')!) as unknown as GenresFile;

describe('admin/screens: screen definitions versioned, checked and published at run time', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const longName = 'A name of twenty-five ch.';
  let longGenre: { id: number } | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    [longGenre] = await t.database.db
      .insert(genres)
      .values({ names: { en: longName }, color: '#0091ea', searchText: 'long' })
      .returning({ id: genres.id });
  });
  afterAll(async () => t?.close());

  /** The genres definition with the English name limited to `max` characters and a new column and label. */
  const shorterNames = (max: number) => {
    const definition = genresFile();
    definition.form.schema.definitions.name.maxLength = max;
    definition.list.columns.push({ field: 'name', header: 'screens.genres.englishName', cell: 'text' });
    return {
      definition,
      labels: { title: 'Genres', menu: 'Genres', create: 'Create a genre', edit: 'Edit the genre', parent: 'Parent genre', englishName: 'English name' },
    };
  };

  it('lists every screen, built-in at version 0, without a draft', async () => {
    const response = await call('GET', 'screens');
    expect(response.statusCode).toBe(200);
    const genresRow = response.json().data.find((row: { name: string }) => row.name === 'genres');
    expect(genresRow).toMatchObject({ name: 'genres', customised: false, version: 0, hasDraft: false });
    const one = (await call('GET', 'screens/genres')).json().data;
    expect(one).toMatchObject({ name: 'genres', version: 0, customised: false, draft: null });
    expect(one.definition).toEqual(genresFile());
    expect(one.labels.title).toBe('Genres');
  });

  it('checks a definition completely: clean is errors [], each mistake at its path in staff’s words', async () => {
    expect((await call('POST', 'screens/genres/check', shorterNames(20))).json()).toEqual({ errors: [] });
    const broken = genresFile();
    broken.list.columns.push({ field: 'website', header: 'columns.name' });
    broken.api = 'kinds';
    const { errors } = (await call('POST', 'screens/genres/check', { definition: broken, labels: {} })).json();
    expect(errors).toEqual(
      expect.arrayContaining([{ path: 'api', message: 'can only be changed in the repository: it changes what the server stores or serves.' }]),
    );
    const badColumn = genresFile();
    badColumn.list.columns.push({ field: 'website', header: 'columns.name' });
    const columnErrors = (await call('POST', 'screens/genres/check', { definition: badColumn, labels: {} })).json().errors;
    expect(columnErrors).toEqual([{ path: 'list.columns.4.field', message: expect.stringContaining('"website" is not returned by GET admin/genres') }]);
    const labelErrors = (await call('POST', 'screens/genres/check', { definition: genresFile(), labels: { title: 3 } })).json().errors;
    expect(labelErrors).toEqual([{ path: 'labels.title', message: 'must be a text' }]);
  });

  it('stores one draft per screen, with its author', async () => {
    const saved = await call('PUT', 'screens/genres/draft', shorterNames(20));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Draft saved', data: { author: 'Staff Member' } });
    const one = (await call('GET', 'screens/genres')).json().data;
    expect(one.draft.definition.form.schema.definitions.name.maxLength).toBe(20);
    expect(one.version).toBe(0);
    expect((await call('GET', 'screens')).json().data.find((row: { name: string }) => row.name === 'genres').hasDraft).toBe(true);
  });

  it('tells how many stored records the new rule would refuse, with the first ids and why', async () => {
    const response = await call('POST', 'screens/genres/impact', { definition: shorterNames(20).definition });
    expect(response.statusCode).toBe(200);
    const impact = response.json().data;
    // Every stored genre with a name longer than 20 characters in any language, counted here from the rows.
    const rows = await t.database.db.select({ id: genres.id, names: genres.names }).from(genres);
    const tooLong = rows.filter((row) => Object.values(row.names as Record<string, string>).some((name) => name.length > 20));
    expect(impact.refused).toBe(tooLong.length);
    expect(impact.sample).toBe(false);
    expect(impact.measured).toBe(rows.length);
    expect(impact.total).toBe(rows.length);
    expect(impact.first.map((entry: { id: number }) => entry.id).sort((a: number, b: number) => a - b)).toEqual(
      tooLong
        .map((row) => row.id)
        .sort((a, b) => a - b)
        .slice(0, 20),
    );
    expect(impact.first).toContainEqual({ id: longGenre!.id, reason: 'names.en: The name (English) may not be greater than 20 characters.' });
  });

  it('publishes the draft: the server refuses a longer name with the new rule, another instance too', async () => {
    // A second instance on the same database, started before the publish.
    const other = await buildApp({ config: t.config, database: t.database });
    await other.ready();
    try {
      const published = await call('POST', 'screens/genres/publish', { comment: 'Shorter names', baseVersion: 0 });
      expect(published.statusCode).toBe(200);
      expect(published.json()).toMatchObject({ message: 'Published as version 1', data: { version: 1, author: 'Staff Member', comment: 'Shorter names' } });
      const refused = await call('POST', 'genres', { names: { en: longName }, color: '#0091ea' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ 'names.en': ['The name (English) may not be greater than 20 characters.'] });
      const onOther = await other.inject({
        method: 'POST',
        url: '/api/admin/genres',
        headers: { cookie },
        payload: { names: { en: longName }, color: '#0091ea' },
      });
      expect(onOther.statusCode).toBe(422);
      expect(onOther.json().errors['names.en']).toEqual(['The name (English) may not be greater than 20 characters.']);
      // A form opened before the publish (version 0) learns that the screen changed; one opened after does not.
      const before = await t.as(cookie, {
        method: 'POST',
        url: '/api/admin/genres',
        headers: { 'x-screen-version': '0' },
        payload: { names: { en: longName }, color: '#0091ea' },
      });
      expect(before.statusCode).toBe(422);
      expect(before.json()).toEqual({
        message: 'This screen was changed while you were editing it: The name (English) may not be greater than 20 characters.',
        errors: { 'names.en': ['The name (English) may not be greater than 20 characters.'] },
      });
      const after = await t.as(cookie, {
        method: 'POST',
        url: '/api/admin/genres',
        headers: { 'x-screen-version': '1' },
        payload: { names: { en: longName }, color: '#0091ea' },
      });
      expect(after.json().message).toBe('The name (English) may not be greater than 20 characters.');
      // Refused by the earlier version too: not the change's doing.
      const anyway = await t.as(cookie, {
        method: 'POST',
        url: '/api/admin/genres',
        headers: { 'x-screen-version': '0' },
        payload: { names: { en: longName }, color: 'blue' },
      });
      expect(anyway.json().message).not.toContain('This screen was changed');
      expect((await call('GET', 'screens/genres')).json().data).toMatchObject({ version: 1, customised: true, draft: null });
    } finally {
      await other.close();
    }
  });

  it('refuses a publish based on an older version (409), and a draft with errors (422 at their paths)', async () => {
    await call('PUT', 'screens/genres/draft', shorterNames(30));
    const stale = await call('POST', 'screens/genres/publish', { comment: 'Mine', baseVersion: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Version 1 was published by Staff Member since this draft was based on: review their changes before publishing.');
    const broken = genresFile();
    broken.permissions.delete = false;
    await call('PUT', 'screens/genres/draft', { definition: broken, labels: {} });
    const refused = await call('POST', 'screens/genres/publish', { comment: 'No deletes', baseVersion: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The draft has errors: correct them before publishing.',
      errors: {
        permissions: ['can only be changed in the repository: it changes what the server stores or serves.'],
        // The list's bulk delete says the same from its side.
        'list.bulkActions.0.action': ['deletes rows, but the screen does not permit deleting (permissions.delete is false)'],
      },
    });
  });

  it('lists the versions newest first, reads one, diffs two and exports one as the file to commit', async () => {
    const versions = (await call('GET', 'screens/genres/versions')).json();
    expect(versions.meta.total).toBe(1);
    expect(versions.data[0]).toMatchObject({ version: 1, author: 'Staff Member', comment: 'Shorter names', baseVersion: 0 });
    const one = (await call('GET', 'screens/genres/versions/1')).json().data;
    expect(one.definition.form.schema.definitions.name.maxLength).toBe(20);
    expect(one.labels.englishName).toBe('English name');
    expect((await call('GET', 'screens/genres/versions/0')).json().data.definition).toEqual(genresFile());
    expect((await call('GET', 'screens/genres/versions/7')).statusCode).toBe(404);
    // A version is digits, read strictly: no number in other spellings, none past the versions' range.
    for (const spelling of ['Infinity', '-Infinity', '1e400', '1e309', '-1', '1.5']) {
      for (const url of [`screens/genres/versions/${spelling}`, `screens/genres/versions/${spelling}/export`]) {
        const refused = await call('GET', url);
        expect(refused.statusCode, url).toBe(422);
        expect(refused.json(), url).toEqual({ message: 'The v format is invalid.', errors: { v: ['The v format is invalid.'] } });
      }
    }
    expect((await call('GET', 'screens/genres/versions/9999999999')).json()).toEqual({ message: 'This screen has no version 9999999999.' });
    expect((await call('GET', 'screens/genres/versions/2147483648/export')).statusCode).toBe(404);
    expect((await call('GET', 'screens/genres/versions/2147483647')).json()).toEqual({ message: 'This screen has no version 2147483647.' });
    const diff = (await call('GET', 'screens/genres/diff?from=0&to=1')).json().data;
    // In words, by the labels: the new column by its new header, the rule by its field's label.
    expect(diff.changes).toEqual(expect.arrayContaining(['New list column: English name', 'Name: at most 20 characters (was 255)']));
    expect(diff.json).toMatch(/^- +"maxLength": 255,?$/m);
    expect(diff.json).toMatch(/^\+ +"maxLength": 20,?$/m);
    const file = await call('GET', 'screens/genres/versions/1/export');
    expect(file.headers['content-disposition']).toBe('attachment; filename="genres.screen.json"');
    expect(Object.keys(JSON.parse(file.body))).toEqual(Object.keys(genresFile()));
    expect(file.body.endsWith('}\n')).toBe(true);
  });

  it('rolls back to the built-in version as a new version, and back to the built-in file', async () => {
    const rolled = await call('POST', 'screens/genres/rollback', { version: 0, comment: 'Names as before' });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json().data).toMatchObject({ version: 2, comment: 'Names as before' });
    const accepted = await call('POST', 'genres', { names: { en: `${longName} again` }, color: '#0091ea' });
    expect(accepted.statusCode).toBe(200);
    const rolledForward = await call('POST', 'screens/genres/rollback', { version: 1 });
    expect(rolledForward.json().data).toMatchObject({ version: 3, comment: 'Back to version 1' });
    expect((await call('POST', 'genres', { names: { en: longName }, color: '#0091ea' })).statusCode).toBe(422);
    const reset = await call('DELETE', 'screens/genres/published');
    expect(reset.json().data).toMatchObject({ version: 4, comment: 'Back to the built-in file' });
    expect((await call('GET', 'screens/genres')).json().data).toMatchObject({ version: 4, customised: false });
    expect((await call('POST', 'genres', { names: { en: `${longName} thrice` }, color: '#0091ea' })).statusCode).toBe(200);
  });

  it('uses a version written by an older product (no $schemaVersion), brought up to date when read', async () => {
    const { $schemaVersion: _omitted, ...older } = genresFile() as unknown as Record<string, unknown>;
    (older as unknown as GenresFile).form.schema.definitions.name.maxLength = 20;
    await t.database.db
      .insert(screenVersions)
      .values({ screen: 'genres', version: 5, definition: older, labels: null, authorName: 'An older product', baseVersion: 4 });
    const refused = await call('POST', 'genres', { names: { en: longName }, color: '#0091ea' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'names.en': ['The name (English) may not be greater than 20 characters.'] });
    expect((await call('GET', 'screens/genres')).json().data).toMatchObject({ version: 5, customised: true });
  });

  it('sends the screens in use with the current administrator to an interface whose copy is older, and their validators as a script', async () => {
    const me = (stamp?: string) =>
      t.as(cookie, { method: 'GET', url: '/api/admin/me', ...(stamp === undefined ? {} : { headers: { 'x-screens-stamp': stamp } }) });
    // A client that does not ask gets the administrator only (SPEC §7).
    expect(Object.keys((await me()).json())).toEqual(['data']);
    const first = (await me('none')).json();
    expect(first.data.email).toBe('staff@scouting.test');
    const { stamp, definitions, versions, validators } = first.screens;
    expect(definitions.find((screen: { resource: string }) => screen.resource === 'genres').form.schema.properties.names.properties.en).toBeDefined();
    expect(versions.genres).toBe(5);
    expect(validators).toBe(`/api/admin/screens/validators/${stamp}.js`);
    expect(Object.keys((await me(String(stamp))).json())).toEqual(['data']);
    const script = await t.as(cookie, { method: 'GET', url: validators });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // A script that imports nothing: ajv's helpers come from the page.
    expect(script.body).toContain('export const FORM_VALIDATORS = {');
    expect(script.body).not.toMatch(/\bimport\b|require\(/);
  });

  it('answers 404 for a screen that does not exist', async () => {
    expect((await call('GET', 'screens/nothing')).statusCode).toBe(404);
    expect((await call('PUT', 'screens/nothing/draft', { definition: {}, labels: {} })).statusCode).toBe(404);
  });
});
