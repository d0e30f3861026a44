import { describe, expect, it } from 'vitest';
import { formFields, moveField, moveFieldToTab, relabel, rulesPath, setAt, withRequired, withRule } from './draftEdits';

const definition = {
  form: {
    schema: {
      type: 'object',
      required: ['names'],
      definitions: { name: { type: 'string', maxLength: 255 } },
      properties: { names: { type: 'object', translations: { $ref: '#/definitions/name' } }, color: { type: 'string' }, parent_id: { type: 'integer' } },
    },
    uiSchema: { 'ui:order': ['names', 'color', 'parent_id'] },
  },
};

const tabbed = {
  form: {
    schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } } },
    uiSchema: {
      'ui:order': ['a', 'b', 'c'],
      'ui:options': {
        tabs: [
          { label: 'x.one', fields: ['a', 'b'] },
          { label: 'x.two', fields: ['c'] },
        ],
      },
    },
  },
};

describe('the studio’s draft edits', () => {
  it('set a path without changing the input, removing a key set to undefined', () => {
    const next = setAt(definition, ['form', 'schema', 'required'], undefined);
    expect(next.form.schema).not.toHaveProperty('required');
    expect(definition.form.schema.required).toEqual(['names']);
  });

  it('find where a translated field’s rules live (its languages’ schema, through the $ref) and change them there', () => {
    expect(rulesPath(definition, 'names')).toEqual(['form', 'schema', 'definitions', 'name']);
    expect(rulesPath(definition, 'color')).toEqual(['form', 'schema', 'properties', 'color']);
    const next = withRule(definition, 'names', 'maxLength', 20) as typeof definition;
    expect(next.form.schema.definitions.name.maxLength).toBe(20);
    expect((withRule(next, 'color', 'pattern', '') as typeof definition).form.schema.properties.color).toEqual({ type: 'string' });
  });

  it('move a field in the order, and between tabs with ui:order following the tabs', () => {
    expect(formFields(moveField(definition, 'parent_id', -1))).toEqual(['names', 'parent_id', 'color']);
    const moved = moveFieldToTab(tabbed, 'a', [1]) as typeof tabbed;
    expect(moved.form.uiSchema['ui:options'].tabs).toEqual([
      { label: 'x.one', fields: ['b'] },
      { label: 'x.two', fields: ['c', 'a'] },
    ]);
    expect(moved.form.uiSchema['ui:order']).toEqual(['b', 'c', 'a']);
    expect((moveField(tabbed, 'b', -1) as typeof tabbed).form.uiSchema['ui:order']).toEqual(['b', 'a', 'c']);
  });

  it('make a field required or not', () => {
    expect((withRequired(definition, 'color', true) as typeof definition).form.schema.required).toEqual(['names', 'color']);
    expect((withRequired(definition, 'names', false) as typeof definition).form.schema).not.toHaveProperty('required');
  });

  it('relabel with the screen’s own key, or a new own key in place of a shared one', () => {
    expect(relabel('screens.genres', { parent: 'Parent genre' }, 'screens.genres.parent', 'fields.parent', 'Broader genre')).toEqual({
      key: 'screens.genres.parent',
      labels: { parent: 'Broader genre' },
    });
    expect(relabel('screens.genres', {}, 'columns.name', 'columns.name', 'English name')).toEqual({
      key: 'screens.genres.columns.name',
      labels: { columns: { name: 'English name' } },
    });
  });
});
