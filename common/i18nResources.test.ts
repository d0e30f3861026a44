import { describe, expect, it } from 'vitest';
import { textsByDottedKey } from './i18nResources';

describe('textsByDottedKey', () => {
  it('gives every text of a nested tree by its dotted key, in the tree’s order', () => {
    const labels = { title: 'Genres', columns: { name: 'Name', parent: { name: 'Parent' } }, menu: 'Genres' };
    expect([...textsByDottedKey(labels)]).toEqual([
      ['title', 'Genres'],
      ['columns.name', 'Name'],
      ['columns.parent.name', 'Parent'],
      ['menu', 'Genres'],
    ]);
  });

  it('prefixes each key with the namespace', () => {
    expect([...textsByDottedKey({ columns: { name: 'Name' } }, 'screens.genres')]).toEqual([['screens.genres.columns.name', 'Name']]);
  });

  it('finds no texts in empty objects, arrays, null, numbers or booleans, at any depth', () => {
    expect(textsByDottedKey({ empty: {}, list: ['a', 'b'], none: null, count: 3, on: true, kept: 'Kept' }, 'ns')).toEqual(new Map([['ns.kept', 'Kept']]));
    for (const input of [undefined, null, 'text', 3, ['a'], {}]) expect(textsByDottedKey(input, 'ns').size).toBe(0);
  });
});
