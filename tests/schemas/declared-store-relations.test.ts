import { describe, expect, it } from 'vitest';
import { bookFiles, bookGenres, books, bookSeries, genres } from '../../server/db/schema/index.js';
import { declaredStore } from '../../server/engine/declaredStore.js';
import type { FieldDeclaration } from '../../server/engine/declaration.js';
import { findDeclared } from '../../server/db/repositories/engine/declaredRepository.js';

/**
 * A declared store serves the engine's sets of ids and lists of rows itself (an administrator's
 * roles: tests/server/roles.test.ts). A list of stored files is the sheets' own store's: a declared
 * store given one says so when it is made (at start), naming the field, rather than leaving it
 * unread; so does the declared repository, read without a store.
 */
const fields = (extra: FieldDeclaration) => ({ id: { column: 'id' }, original_title: { column: 'originalTitle' }, extra });
const make = (field: FieldDeclaration) => () => declaredStore({ table: books, fields: fields(field) });

const FILES = {
  files: bookFiles,
  owner: 'bookId',
  position: 'position',
  upload: 'extra[]',
  rule: 'document' as const,
  stores: { name: 'originalName', key: 'storedName', size: 'size', mime: 'mime' },
};

describe('a declared store given a relation', () => {
  it('takes a set of ids in a link table, and a list of items in a table of their own', () => {
    expect(make({ relation: { ids: bookGenres, from: 'bookId', to: 'genreId', target: genres, label: 'genre' }, writable: true })).not.toThrow();
    expect(make({ relation: { rows: bookSeries, owner: 'bookId', position: 'position', items: { name: { column: 'name' } } }, writable: true })).not.toThrow();
  });

  it('refuses a list of stored files, naming the field', () => {
    expect(make({ relation: FILES, returned: 'record' })).toThrow(/Field extra: a list of stored files/);
  });

  it('is refused by the declared repository read without a store', async () => {
    const ids = { relation: { ids: bookGenres, from: 'bookId', to: 'genreId', target: genres, label: 'genre' } } as const;
    await expect(findDeclared(undefined as never, books, fields(ids), 1)).rejects.toThrow(/books\.extra: a set of ids in a link table/);
  });
});
