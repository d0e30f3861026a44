import { describe, expect, it } from 'vitest';
import { dereferenceSchema, resolveRef, withoutDescriptions } from '../../../common/dereferenceSchema';

const schema = {
  type: 'object',
  description: 'For developers.',
  definitions: {
    names: { type: 'object', description: 'One text per language.', properties: { en: { type: 'string' } } },
    person: { type: 'object', properties: { id: { type: 'integer' }, names: { $ref: '#/definitions/names' } } },
  },
  properties: {
    titles: { $ref: '#/definitions/names', title: 'Titles' },
    authors: { type: 'array', items: { $ref: '#/definitions/person' } },
  },
};

describe('dereferenceSchema', () => {
  it('replaces local refs by their definitions, nested ones too, with the node’s own keywords over them', () => {
    const names = { type: 'object', description: 'One text per language.', properties: { en: { type: 'string' } } };
    expect(dereferenceSchema(schema)).toEqual({
      type: 'object',
      description: 'For developers.',
      properties: {
        titles: { ...names, title: 'Titles' },
        authors: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, names } } },
      },
    });
  });

  it('resolves one node at a time, and drops the descriptions of a schema', () => {
    expect(resolveRef(schema.properties.titles, schema.definitions)).toEqual({ ...schema.definitions.names, title: 'Titles' });
    expect(resolveRef({ type: 'string' }, schema.definitions)).toEqual({ type: 'string' });
    expect(resolveRef(undefined, schema.definitions)).toBeUndefined();
    expect(JSON.stringify(withoutDescriptions(schema))).not.toContain('description');
    expect(withoutDescriptions(schema).definitions.names).toEqual({ type: 'object', properties: { en: { type: 'string' } } });
  });
});
