import { describe, expect, it } from 'vitest';
import { prunePayload } from './prunePayload';

const schema = {
  type: 'object',
  definitions: {
    names: { type: 'object', additionalProperties: { type: 'string' } },
    ref: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string', readOnly: true } } },
  },
  properties: {
    id: { type: 'integer', readOnly: true },
    title: { type: 'string' },
    titles: { $ref: '#/definitions/names' },
    authors: { type: 'array', items: { $ref: '#/definitions/ref' } },
    tags: { type: 'array', items: { type: 'integer' } },
  },
};

describe('prunePayload', () => {
  it('keeps the writable fields the schema declares, at every depth, through its refs', () => {
    expect(
      prunePayload(
        {
          id: 4,
          title: 'Dune',
          subtitle: 'not in the schema',
          titles: { en: 'Dune', fr: '' },
          authors: [{ id: 8, label: 'Frank Herbert', name: 'not declared' }, null],
          tags: [1, null, 2],
          files: [{ url: '/x' }],
        },
        schema,
      ),
    ).toEqual({ title: 'Dune', titles: { en: 'Dune', fr: '' }, authors: [{ id: 8 }], tags: [1, 2] });
  });

  it('drops empty values', () => {
    expect(prunePayload({ title: '', titles: null, authors: undefined }, schema)).toEqual({});
  });
});
