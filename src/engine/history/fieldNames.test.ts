import { describe, expect, it } from 'vitest';
import { fieldNames, textInUse, textOfVersion, type FormShape } from './fieldNames';

/** The texts in use: a genre's colour relabelled since, its parent as it was. */
const TEXTS: Record<string, string> = { 'screens.genres.parent': 'Parent genre', 'screens.genres.colorLabel': 'Colour on the site', 'fields.name': 'Name' };
const inUseText = textInUse(
  (key) => key in TEXTS,
  (key) => TEXTS[key]!,
);

const schema = {
  type: 'object',
  definitions: { line: { type: 'string', title: 'screens.genres.lineLabel' } },
  properties: {
    names: { type: 'object', title: 'fields.name' },
    color: { type: 'string', title: 'screens.genres.colorLabel' },
    parent_id: { type: ['integer', 'null'], title: 'screens.genres.parent' },
    series: { type: 'array', items: { type: 'object', properties: { name: { $ref: '#/definitions/line' } } } },
  },
};
const uiSchema = {
  parent_id: { 'ui:widget': 'treePicker', 'ui:options': { source: { api: 'genres' } } },
  series: { items: { name: { 'ui:title': 'Series name' } } },
};
const inUse: FormShape = { schema, uiSchema, text: inUseText };

describe('fieldNames', () => {
  it('names a field with the labels of the version it was changed with, else those in use, else its name', () => {
    // Version 2 called the colour 'Display colour' and had a field since removed.
    const version: FormShape = {
      schema: { ...schema, properties: { ...schema.properties, slogan: { type: 'string', title: 'screens.genres.slogan' } } },
      uiSchema,
      text: textOfVersion('screens.genres', { colorLabel: 'Display colour', slogan: 'Slogan' }, inUseText),
    };
    const names = fieldNames([version, inUse], inUse);
    expect(names.label(['color'])).toBe('Display colour');
    expect(names.label(['slogan'])).toBe('Slogan');
    expect(names.label(['parent_id'])).toBe('Parent genre');
    expect(names.label(['names'])).toBe('Name');
    expect(names.label(['unknown_field'])).toBe('Unknown field');
    expect(names.label(['reporterTextsData'])).toBe('Reporter texts data');
    expect(fieldNames([inUse], inUse).label(['color'])).toBe('Colour on the site');
  });

  it('follows list items and references into nested labels, and names every segment of an error key', () => {
    const names = fieldNames([inUse], inUse);
    expect(names.label(['series', '0', 'name'])).toBe('Series name');
    expect(names.fullLabel('series.1.name')).toBe('Series › #2 › Series name');
    expect(names.fullLabel('names.fr')).toBe('Name › Français');
    expect(names.ui(['parent_id'])).toEqual(uiSchema.parent_id);
  });
});
