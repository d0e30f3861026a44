import { describe, expect, it } from 'vitest';
import { mergeDefinitions } from '../../server/definitions/mergeDefinitions.js';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits arbitrary JSON paths

/** A small screen definition, as a release's file would hold it. */
const file = (): Loose => ({
  resource: 'genres',
  list: {
    columns: [
      { field: 'id', header: 'columns.id', width: '6rem' },
      { field: 'names', header: 'columns.name' },
      { field: 'color', header: 'columns.color' },
    ],
    filters: [{ param: 'parent_id', label: 'screens.genres.parent', widget: 'treeSelect' }],
  },
  form: {
    schema: { type: 'object', required: ['names'], properties: { names: { type: 'string', maxLength: 255 }, color: { type: 'string' } } },
    uiSchema: { 'ui:order': ['names', 'color'], color: { 'ui:widget': 'color' } },
  },
});

describe('mergeDefinitions: staff’s changes re-applied onto a release’s file', () => {
  it('keeps the file when nobody changed it, and either side’s change when only one did', () => {
    const base = file();
    expect(mergeDefinitions(base, file(), file())).toEqual({ merged: file(), conflicts: [] });
    const staff = file();
    staff.list.columns[1].header = 'screens.genres.englishName';
    expect(mergeDefinitions(base, staff, file())).toEqual({ merged: staff, conflicts: [] });
    const release = file();
    release.form.schema.properties.names.maxLength = 200;
    expect(mergeDefinitions(base, file(), release)).toEqual({ merged: release, conflicts: [] });
  });

  it('merges changes to different parts: a header staff changed and a field the release added', () => {
    const base = file();
    const staff = file();
    staff.list.columns[1].header = 'screens.genres.englishName';
    staff.form.schema.properties.names.maxLength = 60;
    const release = file();
    release.form.schema.properties.parent_id = { type: ['integer', 'null'], minimum: 1 };
    release.form.uiSchema['ui:order'] = ['names', 'color', 'parent_id'];
    release.form.uiSchema.parent_id = { 'ui:widget': 'treePicker' };
    release.list.columns.push({ field: 'parent_name', header: 'screens.genres.parent' });
    const { merged, conflicts } = mergeDefinitions(base, staff, release);
    expect(conflicts).toEqual([]);
    expect(merged.list.columns.map((column: Loose) => column.field)).toEqual(['id', 'names', 'color', 'parent_name']);
    expect(merged.list.columns[1].header).toBe('screens.genres.englishName');
    expect(merged.form.schema.properties).toEqual({
      names: { type: 'string', maxLength: 60 },
      color: { type: 'string' },
      parent_id: { type: ['integer', 'null'], minimum: 1 },
    });
    expect(Object.keys(merged.form.uiSchema)).toEqual(['ui:order', 'color', 'parent_id']);
    expect(merged.form.uiSchema['ui:order']).toEqual(['names', 'color', 'parent_id']);
  });

  it('merges lists of texts as sets: a field staff made required and one the release made required', () => {
    const staff = file();
    staff.form.schema.required = ['names', 'color'];
    const release = file();
    release.form.schema.required = ['names', 'parent_id'];
    expect(mergeDefinitions(file(), staff, release).merged.form.schema.required).toEqual(['names', 'color', 'parent_id']);
  });

  it('keeps staff’s order of the columns and places a column the release added after the one it follows', () => {
    const staff = file();
    staff.list.columns = [staff.list.columns[2], staff.list.columns[0], staff.list.columns[1]];
    const release = file();
    release.list.columns.splice(1, 0, { field: 'parent_name', header: 'screens.genres.parent' });
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts).toEqual([]);
    expect(merged.list.columns.map((column: Loose) => column.field)).toEqual(['color', 'id', 'parent_name', 'names']);
  });

  it('takes the release’s order when only it reordered, and a column staff removed stays removed', () => {
    const staff = file();
    staff.list.columns.splice(0, 1);
    const release = file();
    release.list.columns.reverse();
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts).toEqual([]);
    expect(merged.list.columns.map((column: Loose) => column.field)).toEqual(['color', 'names']);
  });

  it('applies a filter the release renamed when staff left it as it was', () => {
    const staff = file();
    staff.list.columns[0].width = '4rem';
    const release = file();
    release.list.filters[0].param = 'parent';
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts).toEqual([]);
    expect(merged.list.filters).toEqual([{ param: 'parent', label: 'screens.genres.parent', widget: 'treeSelect' }]);
    expect(merged.list.columns[0].width).toBe('4rem');
  });

  it('reports a value both sides changed differently, with what each holds, and keeps the new file’s side there', () => {
    const staff = file();
    staff.list.columns[1].header = 'screens.genres.englishName';
    const release = file();
    release.list.columns[1].header = 'columns.names';
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts).toEqual([
      {
        path: 'list.columns.1.header',
        segments: ['list', 'columns', 1, 'header'],
        named: ['list', 'columns', 'names', 'header'],
        kind: 'value',
        base: 'columns.name',
        published: 'screens.genres.englishName',
        next: 'columns.names',
      },
    ]);
    expect(merged).toEqual(release);
  });

  it('agrees when both sides made the same change', () => {
    const staff = file();
    staff.form.schema.properties.names.maxLength = 100;
    const release = file();
    release.form.schema.properties.names.maxLength = 100;
    expect(mergeDefinitions(file(), staff, release)).toEqual({ merged: release, conflicts: [] });
  });

  it('reports a filter staff changed that the release renamed, at its place in the published version', () => {
    const staff = file();
    staff.list.filters[0].widget = 'select';
    const release = file();
    release.list.filters[0].param = 'parent';
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts).toEqual([
      {
        path: 'list.filters.0',
        segments: ['list', 'filters', 0],
        named: ['list', 'filters', 'parent_id'],
        kind: 'value',
        base: file().list.filters[0],
        published: staff.list.filters[0],
        next: undefined,
      },
    ]);
    expect(merged.list.filters).toEqual(release.list.filters);
  });

  it('reports both reordering the same items differently, in the new file’s order', () => {
    const staff = file();
    staff.list.columns = [staff.list.columns[1], staff.list.columns[0], staff.list.columns[2]];
    const release = file();
    release.list.columns = [release.list.columns[2], release.list.columns[1], release.list.columns[0]];
    const { merged, conflicts } = mergeDefinitions(file(), staff, release);
    expect(conflicts.map(({ path, kind }) => ({ path, kind }))).toEqual([{ path: 'list.columns', kind: 'order' }]);
    expect(merged.list.columns).toEqual(release.list.columns);
  });

  it('takes a list whose items have no name as one value', () => {
    const base = { steps: [[1], [2]] };
    expect(mergeDefinitions(base, { steps: [[1], [3]] }, base).merged).toEqual({ steps: [[1], [3]] });
    const { merged, conflicts } = mergeDefinitions(base, { steps: [[1], [3]] }, { steps: [[0], [2]] });
    expect(merged).toEqual({ steps: [[0], [2]] });
    expect(conflicts.map((conflict) => conflict.path)).toEqual(['steps']);
  });

  it('merges labels key by key, a label staff removed and one the release added', () => {
    const base = { title: 'Genres', menu: 'Genres', columns: { parent: 'Parent' } };
    const staff = { title: 'Kinds', menu: 'Genres', columns: {} };
    const release = { title: 'Genres', menu: 'Genres', columns: { parent: 'Parent', color: 'Colour' } };
    expect(mergeDefinitions(base, staff, release)).toEqual({ merged: { title: 'Kinds', menu: 'Genres', columns: { color: 'Colour' } }, conflicts: [] });
  });

  it('tells null from absent: a value staff emptied stays empty', () => {
    expect(mergeDefinitions({ a: 1, b: 2 }, { a: null, b: 2 }, { a: 1, b: 3 }).merged).toEqual({ a: null, b: 3 });
  });
});
