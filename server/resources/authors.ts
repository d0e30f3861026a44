import { authorUsage } from '../db/repositories/directory/authorRepository.js';
import { authors, bookAuthors, books, countries } from '../db/schema/index.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import { refuseWhileUsed } from '../engine/referenceChecks.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';

const fields = {
  id: { column: 'id' },
  name: { column: 'name' },
  country_id: { column: 'countryId' },
  country: { relation: { one: countries, key: 'countryId', pick: { id: 'id', name: { column: 'names', codec: 'englishName' } } } },
  biographies: { column: 'biographies', codec: 'translations' },
  books: {
    relation: { list: books, through: [{ table: bookAuthors, from: 'authorId', to: 'bookId' }], pick: { id: 'id', original_title: 'originalTitle' } },
    returned: 'record',
    // The sheets' author lists write it: their history shows it.
    history: false,
  },
} as const satisfies CustomResourceDefinition['fields'];

/** Authors (`admin/authors`): name, country, a biography per locale and, on the single record, their reading sheets. */
export const authorResource: CustomResourceDefinition = {
  api: 'authors',
  label: 'Author',
  screen: 'authors',
  inUseMessage: 'This author is used by reading sheets and cannot be deleted.',
  table: authors,
  fields,
  filters: {
    name: { column: 'searchText', op: 'search' },
    country_id: { column: 'countryId', op: 'in', many: true },
  },
  store: declaredStore({
    table: authors,
    fields,
    searchText: searchOf('name'),
    rules: {
      /** Rule: an author on reading sheets cannot be deleted (409 with the count). */
      async beforeDelete(db, id) {
        refuseWhileUsed('author', [[await authorUsage(db, id), 'reading sheet']]);
      },
    },
  }),
};
