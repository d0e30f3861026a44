import { describe, expect, it } from 'vitest';
import { bookFiles, bookGenres, books, bookSeries, genres } from '../../server/db/schema/index.js';
import { declaredStore } from '../../server/engine/declaredStore.js';
import type { FieldDeclaration } from '../../server/engine/declaration.js';

/**
 * The engine's writable relations are served by a store of its own (the reading sheets'); a
 * declared store that is given one says so when it is made (at start), naming the field, rather
 * than leaving it unread or unwritten.
 */
const make = (field: FieldDeclaration) => () =>
  declaredStore({ table: books, fields: { id: { column: 'id' }, original_title: { column: 'originalTitle' }, extra: field } });

describe('a declared store given a relation only a store of its own serves', () => {
  it('refuses a set of ids in a link table', () => {
    expect(make({ relation: { ids: bookGenres, from: 'bookId', to: 'genreId', target: genres, label: 'genre' }, writable: true })).toThrow(
      /books\.extra: a set of ids in a link table/,
    );
    expect(make({ relation: { ids: bookGenres, from: 'bookId', to: 'genreId', target: genres, label: 'genre' }, writable: false })).toThrow(
      /books\.extra: a set of ids in a link table/,
    );
  });

  it('refuses a list of items in a table of their own', () => {
    expect(make({ relation: { rows: bookSeries, owner: 'bookId', position: 'position', items: { name: { column: 'name' } } }, writable: false })).toThrow(
      /books\.extra: a list of items in a table of their own/,
    );
  });

  it('refuses a list of stored files', () => {
    const files = {
      files: bookFiles,
      owner: 'bookId',
      position: 'position',
      upload: 'extra[]',
      rule: 'document' as const,
      stores: { name: 'originalName', key: 'storedName', size: 'size', mime: 'mime' },
    };
    expect(make({ relation: files, returned: 'record' })).toThrow(/books\.extra: a list of stored files/);
  });

  it('accepts a declaration of columns alone', () => {
    expect(make({ column: 'nbPages' })).not.toThrow();
  });
});
