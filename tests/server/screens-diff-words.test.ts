import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { movedItems } from '../../server/screens/screenDiff.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- definitions changed by path in tests

const genresFile = () => structuredClone(loadScreenFiles().get('genres')!) as Json;
const sheetFile = () => structuredClone(loadScreenFiles().get('reading-sheets')!) as unknown as Json;

/** Nothing a change says is a key or a JSON path: no `names.maxLength`, no `screens.genres.…`, no `fields.color`. */
const KEYISH = /\b[a-z][\w-]*\.[\w-]+\b|→|ui:/;

describe('GET admin/screens/{name}/diff: the changes in staff’s words', () => {
  let t: TestApp;
  let cookie: string;
  const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** The changes from the built-in file to this draft. */
  const changesTo = async (screen: string, definition: Json, labels: Json) => {
    expect((await call('PUT', `screens/${screen}/draft`, { definition, labels })).statusCode).toBe(200);
    const diff = await call('GET', `screens/${screen}/diff?from=0&to=draft`);
    expect(diff.statusCode).toBe(200);
    return diff.json().data as { changes: string[]; json: string };
  };
  let genresLabels: Json;
  let sheetLabels: Json;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    genresLabels = (await call('GET', 'screens/genres/versions/0')).json().data.labels;
    sheetLabels = (await call('GET', 'screens/reading-sheets/versions/0')).json().data.labels;
  });
  afterAll(async () => t?.close());

  it('names a rule by its field’s label and says it as a rule: what it is now, what it was', async () => {
    const definition = genresFile();
    definition.form.schema.definitions.name.maxLength = 40;
    definition.form.schema.properties.color.pattern = undefined;
    definition.form.schema.properties.parent_id.maximum = 900;
    definition.form.schema.required = ['names'];
    const { changes, json } = await changesTo('genres', JSON.parse(JSON.stringify(definition)), genresLabels);
    expect(changes).toEqual([
      'Name: at most 40 characters (was 255)',
      'Display colour: any text (was the pattern ^#[0-9a-fA-F]{6}$)',
      'Display colour: no longer required',
      'Parent genre: at most 900 (was no limit)',
    ]);
    // The JSON diff is still there for those who read it.
    expect(json).toMatch(/^\+ +"maxLength": 40,?$/m);
  });

  it('names a relabelled field by its labels, never by the keys the relabelling changed; a new column by its header', async () => {
    const definition = genresFile();
    // As the studio relabels a field with a shared key: a key of the screen's own, with its text.
    definition.form.schema.properties.color.title = 'screens.genres.fields.color';
    definition.list.columns.push({ field: 'name', header: 'screens.genres.columns.name', cell: 'text' });
    definition.title = 'screens.genres.title';
    const labels = { ...genresLabels, title: 'Kinds', fields: { color: 'Hue' }, columns: { name: 'English name' } };
    const { changes } = await changesTo('genres', definition, labels);
    expect(changes).toEqual(['New list column: English name', 'Display colour: now labelled Hue', 'Screen title: Kinds (was Genres)']);
    for (const change of changes) expect(change).not.toMatch(KEYISH);
  });

  it('says a moved field and column in one line each, before the one that now follows it', async () => {
    const definition = genresFile();
    definition.form.uiSchema['ui:order'] = ['names', 'parent_id', 'color'];
    const [id, ...rest] = definition.list.columns;
    definition.list.columns = [...rest.slice(0, 2), id, ...rest.slice(2)];
    definition.list.columns[0].width = '20rem';
    const { changes } = await changesTo('genres', definition, genresLabels);
    expect(changes).toEqual([
      'List column Name: width 20rem (was none)',
      'List column Id: moved before Parent genre',
      'Parent genre: moved before Display colour',
    ]);
  });

  it('says a field of the reading sheet moved to another tab with both tabs, and a move inside a tab of 60 fields as one line', async () => {
    const definition = sheetFile();
    const tabs = definition.form.uiSchema['ui:options'].tabs as { label: string; fields?: string[] }[];
    const [base, presentation] = [tabs[0]!, tabs[1]!];
    // `pitches` to the end of the first tab; `original_title` after `titles` in it.
    presentation.fields = presentation.fields!.filter((field) => field !== 'pitches');
    base.fields = [base.fields![1]!, base.fields![0]!, ...base.fields!.slice(2), 'pitches'];
    // `ui:order` follows the tabs, as the studio keeps it (the fields in no tab after them).
    const inTabs = tabs.flatMap((tab) => tab.fields ?? []);
    definition.form.uiSchema['ui:order'] = [...inTabs, ...(definition.form.uiSchema['ui:order'] as string[]).filter((field) => !inTabs.includes(field))];
    const { changes } = await changesTo('reading-sheets', definition, sheetLabels);
    const text = (key: string) =>
      key
        .split('.')
        .slice(2)
        .reduce<unknown>((node, part) => (node as Json)[part], sheetLabels) as string;
    const title = (field: string) =>
      definition.form.uiSchema[field]?.['ui:title']
        ? text(definition.form.uiSchema[field]['ui:title'])
        : (definition.form.schema.properties[field].title as string);
    expect(changes).toContain(`${title('pitches')}: moved from tab ${text(presentation.label)} to tab ${text(base.label)}`);
    expect(changes).toContain(`${title('titles')}: moved before ${title('original_title')}`);
    expect(changes).toHaveLength(2);
  });

  it('names a new filter by its label, and says a part the words do not detail changed', async () => {
    const definition = genresFile();
    definition.list.filters = [
      {
        param: 'parent_id',
        label: 'screens.genres.parent',
        widget: 'treeSelect',
        options: { api: 'genres', perPage: 500, parentField: 'parent_id', labelField: 'name' },
      },
    ];
    definition.menu.icon = 'pi pi-bookmark';
    const { changes } = await changesTo('genres', definition, genresLabels);
    expect(changes).toEqual(['New filter: Parent genre', 'Also changed: the menu entry’s place or icon']);
  });

  it('tells the moves of a reordering by the fewest items', () => {
    expect(movedItems(['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'b'])).toEqual([{ item: 'b', after: 'd' }]);
    expect(movedItems(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])).toEqual([{ item: 'd', before: 'a' }]);
    expect(movedItems(['a', 'b'], ['a', 'b', 'c'])).toEqual([]);
    expect(movedItems(['a', 'b', 'c'], ['c', 'b', 'a'])).toHaveLength(2);
  });
});
