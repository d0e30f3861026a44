import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { seedAiPrompts } from '../../server/db/seed/index.js';
import { SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import { returnedFields } from '../../server/engine/declaration.js';
import { RESOURCES } from '../../server/resources/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * The contract between the resources' declarations (server/resources) and what the API does:
 * answers carry exactly the declared fields, a record sent back as read saves, and a body field or
 * a list parameter that nothing declares is refused with 422 naming it, never ignored.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedAiPrompts(t.database.db); // as every start does (server/db/seed)
  await seedDemoData(t.database.db, { seed: 3, now: new Date('2026-06-15T00:00:00Z') });
  cookie = await t.login();
});
afterAll(async () => t.close());

type Row = Record<string, unknown> & { id: number };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
const sorted = (keys: Iterable<string>) => [...keys].sort();

/** The screens' permissions and update methods, as the routes were built from them. */
const screens = new Map(
  fs
    .readdirSync(SCREENS_DIR)
    .filter((file) => file.endsWith('.screen.json'))
    .map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, file), 'utf8')) as {
          resource: string;
          permissions: { create?: boolean; edit: boolean };
          form?: { method?: string };
        },
    )
    .map((screen) => [screen.resource, screen]),
);
const editable = RESOURCES.filter((resource) => resource.screen && screens.get(resource.screen)?.permissions.edit);

describe.each(RESOURCES.map((resource) => [resource.api, resource] as const))('GET admin/%s', (api, resource) => {
  it('answers rows and records carrying exactly the declared fields', async () => {
    const list = await call('GET', `${api}?perPage=5`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Row[];
    expect(rows.length, 'the demo data fills every list').toBeGreaterThan(0);
    for (const row of rows) expect(sorted(Object.keys(row))).toEqual(sorted(returnedFields(resource, 'list')));
    const record = await call('GET', `${api}/${rows[0]!.id}`);
    expect(sorted(Object.keys(record.json().data))).toEqual(sorted(returnedFields(resource, 'record')));
  });

  it('refuses a query parameter it does not declare with 422 naming it', async () => {
    const response = await call('GET', `${api}?page=1&nickname=Ann`);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['nickname']);
    expect(response.json().message).toMatch(/^The nickname parameter is not accepted by this list \(it accepts page, perPage, /);
  });
});

describe.each(['books', 'books/options'])('GET admin/%s', (api) => {
  it('refuses a query parameter it does not declare, and a misspelt filter', async () => {
    for (const param of ['nickname', 'nativeCountries', 'original_country_id']) {
      const response = await call('GET', `${api}?${param}=1`);
      expect(response.statusCode, param).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([param]);
    }
  });
});

describe.each(editable.map((resource) => [resource.api, resource] as const))('saving admin/%s', (api, resource) => {
  const method = screens.get(resource.screen!)?.form?.method === 'put' ? 'PUT' : 'POST';
  const firstRecord = async () => {
    const [row] = (await call('GET', `${api}?perPage=1`)).json().data as Row[];
    return (await call('GET', `${api}/${row!.id}`)).json().data as Row;
  };

  it('saves a record sent back exactly as it was read (returned read-only fields are ignored)', async () => {
    const record = await firstRecord();
    const response = await call(method, `${api}/${record.id}`, record);
    expect(response.statusCode, response.body).toBe(200);
    // A versioned record (requests) moves its version by one and its update time on each save.
    const { version, updated_at: _after, ...saved } = response.json().data as Row;
    const { version: readVersion, updated_at: _before, ...read } = record;
    expect(saved).toEqual(read);
    expect(version).toBe(readVersion === undefined ? undefined : Number(readVersion) + 1);
  });

  it('answers the empty id of `POST admin/{resource}/` as a create, as `POST admin/{resource}` does', async () => {
    const [create, emptyId] = [await call('POST', api, {}), await call('POST', `${api}/`, {})];
    if (screens.get(resource.screen!)?.permissions.create === false) {
      // A screen that creates nothing: no create by either path.
      expect([create.statusCode, emptyId.statusCode]).toEqual([404, 404]);
    } else {
      // The empty body refused field by field, the same way by both paths.
      expect(create.statusCode).toBe(422);
      expect([emptyId.statusCode, emptyId.json()]).toEqual([create.statusCode, create.json()]);
    }
  });

  it('refuses a body field it neither stores nor returns, naming it, and writes nothing', async () => {
    const record = await firstRecord();
    const response = await call(method, `${api}/${record.id}`, { ...record, nickname: 'Ann', secret_flag: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      nickname: [`The nickname field is not accepted: ${resource.label} records have no such field.`],
      secret_flag: [`The secret_flag field is not accepted: ${resource.label} records have no such field.`],
    });
    expect((await call('GET', `${api}/${record.id}`)).json().data).toEqual(record);
  });
});

describe('declared filters', () => {
  it('filter contacts by company and news by type, several values allowed', async () => {
    const [contact] = (await call('GET', 'contacts?perPage=50')).json().data.filter((row: Row) => row.company_id !== null) as Row[];
    const byCompany = (await call('GET', `contacts?company_id[]=${contact!.company_id}&perPage=100`)).json();
    expect(byCompany.data.length).toBeGreaterThan(0);
    expect(byCompany.data.every((row: Row) => row.company_id === contact!.company_id)).toBe(true);
    const all = (await call('GET', 'news?perPage=100')).json().meta.total;
    const links = (await call('GET', 'news?type=0&perPage=100')).json();
    const images = (await call('GET', 'news?type=1&perPage=100')).json();
    expect(links.data.every((row: Row) => row.type === 0)).toBe(true);
    expect(images.data.every((row: Row) => row.type === 1)).toBe(true);
    expect(links.meta.total + images.meta.total).toBe(all);
    expect((await call('GET', 'news?type[]=0&type[]=1')).json().meta.total).toBe(all);
  });

  it('answers 422 keyed by the parameter for a value that does not fit', async () => {
    const response = await call('GET', 'genres?parent_id=abc');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['parent_id']);
  });
});

describe('a screen changed by editing its JSON alone', () => {
  let edited: TestApp;
  let editedCookie: string;
  beforeAll(async () => {
    // A copy of schemas/ where the genres screen gains a filter on a declared field and a stricter rule.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-'));
    for (const file of fs.readdirSync(SCREENS_DIR).filter((name) => name.endsWith('.json')))
      fs.copyFileSync(path.join(SCREENS_DIR, file), path.join(dir, file));
    const genres = JSON.parse(fs.readFileSync(path.join(dir, 'genres.screen.json'), 'utf8'));
    genres.list.filters = [
      { param: 'parent_id', label: 'screens.genres.parent', widget: 'treeSelect', options: { api: 'genres', perPage: 500, parentField: 'parent_id' } },
    ];
    genres.form.schema.definitions.name.maxLength = 12;
    fs.writeFileSync(path.join(dir, 'genres.screen.json'), JSON.stringify(genres));
    edited = await createTestApp({}, { screensDir: dir });
    editedCookie = await edited.login();
  });
  afterAll(async () => edited.close());
  const editedCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
    edited.as(editedCookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });

  it('applies the stricter rule on the server, with the same message as the form', async () => {
    const response = await editedCall('POST', 'genres', { names: { en: 'A much longer name' }, color: '#112233' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'names.en': ['The name (English) may not be greater than 12 characters.'] });
    expect((await editedCall('POST', 'genres', { names: { en: 'Short name' }, color: '#112233' })).statusCode).toBe(200);
  });

  it('applies the new filter on the server', async () => {
    const all = (await editedCall('GET', 'genres?perPage=500')).json().data as Row[];
    const parent = all.find((genre) => all.some((child) => child.parent_id === genre.id))!;
    const children = (await editedCall('GET', `genres?parent_id[]=${parent.id}&perPage=500`)).json().data as Row[];
    expect(children.map((child) => child.id).sort()).toEqual(
      all
        .filter((genre) => genre.parent_id === parent.id)
        .map((genre) => genre.id)
        .sort(),
    );
    expect(children.length).toBeLessThan(all.length);
  });
});
