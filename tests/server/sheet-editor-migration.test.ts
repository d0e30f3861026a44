import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { seedReferenceData } from '../../server/db/seed/index.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { databaseBefore } from '../helpers/databaseBefore.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- definitions changed by path

/**
 * Migration 0021 (server/db/migrations/0021_sheet_editor_is_sheets_form.sql): the reading sheet's
 * editor, once a screen of its own (`readingSheet`, a form alone, its texts `screens.readingSheet.*`),
 * is the form of `reading-sheets`. What staff published and drafted of it is kept: run on a database
 * as the product before it left it, then served by the app of this release.
 */
const file = loadScreenFiles().get('reading-sheets')! as Json;
const FILES = ['documentList', 'coverList', 'videoList', 'manuscript'];

/** The sheets' screen before: no form. */
const oldSheets = (): Json => {
  const { form: _form, ...rest } = structuredClone(file);
  return rest;
};
/** The editor's definition before: the save's schema (no stored files, the maps' definition named `translations`) and its UI schema, keys of its own namespace. */
const oldEditor = (): Json => {
  const schema = structuredClone(file.form.schema);
  for (const name of FILES) delete schema.properties[name];
  const uiSchema = structuredClone(file.form.uiSchema);
  delete uiSchema.withNotification;
  const text = JSON.stringify({ schema, uiSchema })
    .replaceAll('"#/definitions/perLanguage"', '"#/definitions/translations"')
    .replaceAll('"perLanguage":', '"translations":')
    .replaceAll('"screens.reading-sheets.', '"screens.readingSheet.');
  return { $schemaVersion: 1, form: JSON.parse(text) as Json };
};
const withTitleAtMost = (max: number): Json => {
  const editor = oldEditor();
  editor.form.schema.properties.original_title.maxLength = max;
  return editor;
};

let database: Database;
let t: TestApp;
let cookie: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await databaseBefore('0021_sheet_editor_is_sheets_form');
  const { db } = database;
  const insertVersion = async (screen: string, version: number, definition: Json, baseFile: Json, labels: Json | null, baseLabels: Json | null) => {
    const { rows } = (await db.execute(sql`
      insert into screen_versions (screen, version, definition, labels, author_name, comment, base_version, base_file, base_labels)
      values (${screen}, ${version}, ${JSON.stringify(definition)}::json, ${labels && JSON.stringify(labels)}::json, 'Staff Member', ${`v${version}`},
              ${version - 1}, ${JSON.stringify(baseFile)}::json, ${baseLabels && JSON.stringify(baseLabels)}::json)
      returning id`)) as unknown as { rows: { id: number }[] };
    return rows[0]!.id;
  };
  // The sheets' list without its last column; the editor with shorter titles, twice.
  const fewerColumns = oldSheets();
  fewerColumns.list.columns = fewerColumns.list.columns.filter((column: Json) => column.field !== 'updated_at');
  ids.list = await insertVersion('reading-sheets', 1, fewerColumns, oldSheets(), null, null);
  const labels = { fields: { original_title: 'Title in its language' } };
  const baseLabels = { fields: { original_title: 'Original title' } };
  ids.editor1 = await insertVersion('readingSheet', 1, withTitleAtMost(40), oldEditor(), labels, baseLabels);
  ids.editor2 = await insertVersion('readingSheet', 2, withTitleAtMost(30), oldEditor(), labels, baseLabels);
  await db.execute(sql`
    insert into screen_drafts (screen, definition, labels, author_name)
    values ('readingSheet', ${JSON.stringify(withTitleAtMost(10))}::json, ${JSON.stringify({ fields: { original_title: 'Draft title' } })}::json, 'Staff Member')`);
  // The publish of the editor's version 2 in the activity, and sheets saved with its version 2 and with the built-in file.
  await db.execute(sql`
    insert into record_revisions (resource, record_id, version, action, label, changes, screen_version) values
      ('screens', ${ids.editor2}, 1, 'create', 'readingSheet v2', ${JSON.stringify({ screen: { from: null, to: 'readingSheet' }, version: { from: 1, to: 2 } })}::jsonb, null),
      ('books', 1, 1, 'create', 'Le Phare', '{}'::jsonb, 2),
      ('books', 2, 1, 'create', 'La Nuit', '{}'::jsonb, 0)`);
  await database.migrate();
  await seedReferenceData(db);
  t = await createTestApp({}, { database });
  cookie = await t.login();
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload ? { payload } : {}) });

describe('migration 0021: the sheet editor’s versions and draft become the sheets’ screen’s', () => {
  it('serves the editor’s newest version as the sheets’ form, over the list’s newest version, re-applied onto this release’s file', async () => {
    const names = (await call('GET', 'screens')).json().data.map((screen: { name: string }) => screen.name);
    expect(names).toContain('reading-sheets');
    expect(names).not.toContain('readingSheet');
    const screen = (await call('GET', 'screens/reading-sheets')).json().data;
    expect(screen).toMatchObject({ version: 3, customised: true, rebased: true, unfit: null, conflict: null });
    expect(screen.definition.form.schema.properties.original_title.maxLength).toBe(30);
    // The release's own: the form is the bespoke editor's, with its stored files; the list keeps its published change.
    expect(screen.definition.form.bespoke).toBe(true);
    for (const name of FILES) expect(screen.definition.form.schema.properties[name].readOnly).toBe(true);
    expect(screen.definition.list.columns.map((column: Json) => column.field)).not.toContain('updated_at');
    expect(screen.definition.form.uiSchema.original_title['ui:title']).toBe('screens.reading-sheets.fields.original_title');
    expect(screen.labels.fields.original_title).toBe('Title in its language');
    expect(screen.labels.menu).toBe('Reading sheets');

    const refused = await call('POST', 'books', { original_title: 'x'.repeat(31) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ original_title: ['The original title may not be greater than 30 characters.'] });
  });

  it('numbers the editor’s versions after the list’s, and keeps each one’s author and comment', async () => {
    const versions = (await call('GET', 'screens/reading-sheets/versions')).json().data;
    expect(versions.map((version: Json) => [version.version, version.comment])).toEqual([
      [3, 'v2'],
      [2, 'v1'],
      [1, 'v1'],
    ]);
    expect((await call('GET', 'screens/reading-sheets/versions/2')).json().data.definition.form.schema.properties.original_title.maxLength).toBe(40);
  });

  it('keeps the editor’s draft as the sheets’ draft, over the version in use', async () => {
    const { draft } = (await call('GET', 'screens/reading-sheets')).json().data;
    expect(draft.definition.form.schema.properties.original_title.maxLength).toBe(10);
    expect(draft.definition.list.columns.map((column: Json) => column.field)).not.toContain('updated_at');
    expect(draft.definition.form.uiSchema.original_title['ui:title']).toBe('screens.reading-sheets.fields.original_title');
    expect(draft.labels.fields.original_title).toBe('Draft title');
  });

  it('names the sheets’ screen and its new numbers in the history: the publishes, and the version a sheet was saved with', async () => {
    const { rows } = (await t.database.db.execute(
      sql`select resource, label, changes, screen_version from record_revisions where resource in ('screens', 'books') order by id`,
    )) as unknown as { rows: Json[] };
    expect(rows).toEqual([
      {
        resource: 'screens',
        label: 'reading-sheets v3',
        changes: { screen: { from: null, to: 'reading-sheets' }, version: { from: 2, to: 3 } },
        screen_version: null,
      },
      { resource: 'books', label: 'Le Phare', changes: {}, screen_version: 3 },
      { resource: 'books', label: 'La Nuit', changes: {}, screen_version: 0 },
    ]);
  });
});
