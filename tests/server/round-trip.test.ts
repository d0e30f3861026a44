import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dereferenceSchema } from '../../common/dereferenceSchema.js';
import { expandTranslations } from '../../common/expandTranslations.js';
import { seedDemoData } from '../../server/db/seed/demo/index.js';
import { seedAiPrompts } from '../../server/db/seed/index.js';
import { SCREENS_DIR } from '../../server/definitions/loadScreens.js';
import { returnedFields, writableFields } from '../../server/engine/declaration.js';
import { RESOURCES } from '../../server/resources/index.js';
import { SHEET_SAVE_OPTIONS } from '../../server/resources/readingSheets.js';
import { asSent, distinctValue, normalised, type IdPools } from '../helpers/distinctValues.js';
import type { RecordWrite } from '../../server/engine/recordWrites.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Round trip or refuse: every writable field of every resource, and of the reading sheet, is
 * written with a distinct valid value derived from its form schema, then read back. A value that
 * does not come back fails naming its field, so a field the server accepts but does not store
 * (a forgotten column in a save) fails the build instead of answering 200 and dropping the value.
 * Each create, update and delete is seen by the one write path's observers.
 */

type Json = Record<string, unknown>;
type Row = Json & { id: number };
interface Form {
  schema: Json & { properties: Record<string, Json> };
  uiSchema: Json;
}

let t: TestApp;
let cookie: string;
let ownerRoleId: number;
const pools = new Map<string, number[]>();
const rowsOf = new Map<string, Row[]>();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Every source `api` a UI schema's pickers read, at any depth. */
function sourcesOf(ui: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(ui)) ui.forEach((item) => sourcesOf(item, found));
  else if (ui && typeof ui === 'object') {
    const api = ((ui as Json).source as Json | undefined)?.api;
    if (typeof api === 'string') found.add(api);
    Object.values(ui).forEach((value) => sourcesOf(value, found));
  }
  return found;
}

/** The ids each source offers, as the screen's pickers would read them. */
async function loadPools(ui: unknown): Promise<void> {
  for (const api of sourcesOf(ui)) {
    if (pools.has(api)) continue;
    let response = await call('GET', `${api}?perPage=100`);
    if (response.statusCode === 422) response = await call('GET', api);
    expect(response.statusCode, `GET ${api}: ${response.body}`).toBe(200);
    const rows = response.json().data as Row[];
    rowsOf.set(api, rows);
    pools.set(
      api,
      rows.map((row) => row.id),
    );
  }
}

const screenForm = (screen: string): Form => {
  const definition = JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, `${screen}.screen.json`), 'utf8')) as { form: Form };
  return { schema: dereferenceSchema(expandTranslations(definition.form.schema)), uiSchema: definition.form.uiSchema };
};

/** A body setting each of `fields` to a distinct valid value; fails naming a field the form has no schema for. */
function bodyOf(form: Form, fields: readonly string[], n: number, current: Json): Json {
  const body: Json = {};
  for (const field of fields) {
    const schema = form.schema.properties[field];
    expect(schema, `${field} is writable but the form schema does not describe it`).toBeDefined();
    const value = distinctValue(schema!, form.uiSchema[field] as Json | undefined, field, n, current[field], pools as IdPools);
    if (value !== undefined) body[field] = value;
  }
  return body;
}

/** Checks that each field sent came back, naming the first that did not. */
function expectStored(sent: Json, read: Json, readBack: Readonly<Record<string, (record: Json) => unknown>> = {}): void {
  for (const [field, value] of Object.entries(sent)) {
    const actual = readBack[field] ? readBack[field](read) : read[field];
    expect(asSent(value, actual), `${field}: the value sent did not come back`).toEqual(normalised(value));
  }
}

const youTube = (n: number) => `https://www.youtube.com/watch?v=roundTrip${String(n).padStart(2, '0')}`;
const rootsOf = (api: string, except: number | undefined) =>
  (rowsOf.get(api) ?? []).filter((row) => row.parent_id === null && row.id !== except).map((row) => row.id);

/**
 * The rules a form schema cannot say, applied to a derived body so the save is valid: what each
 * body needs beyond its schema, per resource (the rule's own tests are in the resource's suite).
 */
const RULES: Readonly<Record<string, (body: Json, n: number, record: Json) => void>> = {
  // Each filled language mentions the required variables; the structure is a JSON object.
  'ai-prompts': (body, n) => {
    body.contents = Object.fromEntries(
      Object.entries(body.contents as Json).map(([locale, text]) => [locale, `${String(text)} {{context}} {{json_structure}}`]),
    );
    body.json_structure = JSON.stringify({ roundTrip: n });
  },
  // The Owner role kept: the administrator updated may be the last Owner, who keeps it (and is the one logged in).
  administrators: (body) => Object.assign(body, { role_ids: [...new Set([...(body.role_ids as number[]), ownerRoleId])] }),
  // A link news (an image news needs an uploaded file: the upload suites cover it).
  news: (body, n) => Object.assign(body, { type: 0, link: youTube(n) }),
  // The end date is not before the request date.
  demands: (body) => Object.assign(body, { demand_date: '2021-03-04', demand_end_date: '2021-05-06' }),
  // A parent that is not the record itself nor one of its descendants: a root.
  genres: (body, n, record) => Object.assign(body, { parent_id: rootsOf('genres', record.id as number)[n % 2] }),
  thematics: (body, n, record) => Object.assign(body, { parent_id: rootsOf('thematics', record.id as number)[n % 2] }),
  // The record's blocks deleted, so that the blocks read back are those written, in category order.
  reporters: (body, _n, record) => {
    const order = ['rights', 'alerts', 'buzz', 'news'];
    body.updatedTexts = [...(body.updatedTexts as Json[])].sort((a, b) => order.indexOf(String(a.textType)) - order.indexOf(String(b.textType)));
    body.deletedTextIds = Object.values((record.reporterTextsData ?? {}) as Record<string, Row[]>)
      .flat()
      .map((block) => block.id);
  },
};

/** Body fields that are instructions, not values: their effect shows in another field read back. */
const INSTRUCTIONS: Readonly<Record<string, readonly string[]>> = {
  // The blocks deleted: only those written in `updatedTexts` remain.
  reporters: ['deletedTextIds'],
};

/** How a field that no answer carries as such reads back. */
const READ_BACK: Readonly<Record<string, Readonly<Record<string, (record: Json) => unknown>>>> = {
  reporters: {
    reporterUserIds: (record) => (record.reporterUsers as Row[]).map((user) => user.id),
    reporterUserRoleIds: (record) => (record.reporterUserRoles as Row[]).map((plan) => plan.id),
    // The blocks written, in their categories' order: only their texts and categories are compared.
    updatedTexts: (record) =>
      Object.values(record.reporterTextsData as Record<string, Json[]>)
        .flat()
        .map(({ text, textType }) => ({ text, textType })),
  },
};

/** Every write the one write path told its observers of (server/engine/recordWrites.ts). */
const observed: RecordWrite[] = [];

/** Checks that the last write observed is this one, by the logged-in administrator. */
function expectObserved(resource: string, action: RecordWrite['action'], id: number): void {
  const { revision, ...write } = observed.at(-1) ?? {};
  expect(write, `${action} of ${resource} ${id} did not go through the write path`).toEqual({ resource, action, id, administratorId: expect.any(Number) });
  // Each write, a create and a delete included, changed the record: its history has a revision of it.
  expect(revision, `${action} of ${resource} ${id} left no revision`).toMatchObject({ id: expect.any(Number), version: expect.any(Number) });
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.recordWrites.observe(async (_tx, write) => void observed.push(write));
  await seedAiPrompts(t.database.db);
  await seedDemoData(t.database.db, { seed: 5, now: new Date('2026-06-15T00:00:00Z') });
  cookie = await t.login();
  ownerRoleId = ((await call('GET', 'roles?name=Owner')).json().data as Row[]).find((role) => role.name === 'Owner')!.id;
});
afterAll(async () => t.close());

const editable = RESOURCES.filter((resource) => {
  if (!resource.screen) return false;
  const screen = JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, `${resource.screen}.screen.json`), 'utf8')) as {
    permissions: { create?: boolean; edit?: boolean };
  };
  return screen.permissions.edit || screen.permissions.create;
});

describe.each(editable.map((resource) => [resource.api, resource] as const))('admin/%s: every written value comes back', (api, resource) => {
  const screen = () =>
    JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, `${resource.screen}.screen.json`), 'utf8')) as {
      permissions: { create?: boolean; edit?: boolean };
      form: { method?: string };
    };
  const neverReturned = writableFields(resource).filter((field) => !returnedFields(resource, 'record').includes(field));

  async function roundTrip(id: number | undefined, n: number): Promise<number> {
    const form = screenForm(resource.screen!);
    await loadPools(form.uiSchema);
    const record = id === undefined ? {} : ((await call('GET', `${api}/${id}`)).json().data as Json);
    const body = bodyOf(form, writableFields(resource), n, record);
    RULES[api]?.(body, n, record);
    if (typeof record.version === 'number') body.version = record.version;
    const method = id === undefined ? 'POST' : screen().form.method === 'put' ? 'PUT' : 'POST';
    const saved = await call(method, id === undefined ? api : `${api}/${id}`, body);
    expect(saved.statusCode, `${method} ${api}: ${saved.body}\nbody: ${JSON.stringify(body)}`).toBe(200);
    const savedId = (saved.json().data as Row).id;
    expectObserved(api, id === undefined ? 'create' : 'update', savedId);
    const read = (await call('GET', `${api}/${savedId}`)).json().data as Json;
    const { version: _version, password, ...written } = body;
    const stored = Object.fromEntries(Object.entries(written).filter(([field]) => !INSTRUCTIONS[api]?.includes(field)));
    const unchecked = neverReturned.filter((field) => field in stored && !READ_BACK[api]?.[field]);
    expect(unchecked, 'written fields no answer carries and no read-back describes').toEqual([]);
    expectStored(stored, read, READ_BACK[api]);
    if (password !== undefined) {
      // Write-only: the new password logs in.
      await expect(t.login(String(read.email), String(password))).resolves.toMatch(/=/);
    }
    return savedId;
  }

  it('on an update of an existing record', async () => {
    const [first] = (await call('GET', `${api}?perPage=1`)).json().data as Row[];
    await roundTrip(first!.id, 1);
  });

  it('on a create, when the screen creates', async () => {
    if (!screen().permissions.create) {
      expect((await call('POST', api, {})).statusCode, 'a screen that creates nothing has no create route').toBe(404);
      return;
    }
    const id = await roundTrip(undefined, 2);
    if (!(screen() as { permissions: { delete?: boolean } }).permissions.delete) return;
    const removed = await t.as(cookie, { method: 'DELETE', url: `/api/admin/${api}/${id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expectObserved(api, 'delete', id);
  });
});

describe('admin/books (the reading sheet): every written value comes back', () => {
  const form = (): Form => {
    const screen = JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, 'reading-sheets.screen.json'), 'utf8')) as { form: Form };
    return { schema: dereferenceSchema(screen.form.schema), uiSchema: screen.form.uiSchema };
  };
  const fields = () =>
    Object.entries(form().schema.properties)
      .filter(([field, schema]) => field !== 'version' && !SHEET_SAVE_OPTIONS.includes(field) && !(schema as Json).readOnly)
      .map(([field]) => field);

  /** The rules the schema cannot say: the primary genre is one of the genres; a series needs `serie`. */
  const sheetRules = (body: Json) => {
    body.primary_genre = (body.genres as number[])[0];
    body.serie = 1;
    body.reporterList = byId(body.reporterList as Row[]);
  };
  /** The reporters listing the sheet are read newest first, whatever order they were sent in: compared by id. */
  const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id - b.id);
  const readBack = { reporterList: (record: Json) => byId(record.reporterList as Row[]) };

  it('on a create, then on an update of every field', async () => {
    const sheetForm = form();
    await loadPools(sheetForm.uiSchema);
    const body = bodyOf(sheetForm, fields(), 3, {});
    sheetRules(body);
    const created = await call('POST', 'books', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = (created.json().data as Row).id;
    expectObserved('books', 'create', id);
    const read = (await call('GET', `books/${id}`)).json().data as Json;
    expectStored(body, read, readBack);

    const changed = bodyOf(sheetForm, fields(), 4, read);
    sheetRules(changed);
    const updated = await call('POST', `books/${id}`, { ...changed, version: read.version });
    expect(updated.statusCode, updated.body).toBe(200);
    expectObserved('books', 'update', id);
    expectStored(changed, (await call('GET', `books/${id}`)).json().data as Json, readBack);
    expect((await t.as(cookie, { method: 'DELETE', url: `/api/admin/books/${id}` })).statusCode).toBe(200);
    expectObserved('books', 'delete', id);
  });
});
