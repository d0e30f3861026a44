import { authorUsage, deleteAuthor, findAuthor, listAuthors, writeAuthor } from '../db/repositories/authorRepository.js';
import { idOrNull } from '../db/repositories/directoryRepository.js';
import { authors, countries } from '../db/schema/index.js';
import { checkReferences, refuseWhileUsed } from './directory.js';
import { translationsOf } from './named.js';
import type { CustomResourceDefinition } from './types.js';

/**
 * Authors (`admin/authors`): name, country `{ id, name }`, a biography per locale and, on the
 * single record, their reading sheets (`books`). An author on reading sheets cannot be deleted (409).
 */
export const authorResource: CustomResourceDefinition = {
  api: 'authors',
  label: 'Author',
  screen: 'authors',
  inUseMessage: 'This author is used by reading sheets and cannot be deleted.',
  table: authors,
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    country_id: { column: 'countryId' },
    country: { relation: 'countries: { id, name }' },
    biographies: { column: 'biographies' },
    books: { relation: "the author's reading sheets: { id, original_title }", returned: 'record' },
  },
  filters: {
    name: { column: 'searchText', op: 'search' },
    country_id: { column: 'countryId', op: 'in', many: true },
  },
  store: {
    list: (db, query) => listAuthors(db, { where: query.where, paging: query }),
    find: findAuthor,
    async save(db, id, body) {
      const countryId = idOrNull(body.country_id);
      await checkReferences(db, [['country_id', countries, countryId]]);
      const saved = await writeAuthor(db, id, { name: String(body.name), countryId, biographies: translationsOf(body.biographies) });
      return (await findAuthor(db, saved ?? id!))!;
    },
    async remove(db, id) {
      refuseWhileUsed('author', [[await authorUsage(db, id), 'reading sheet']]);
      return deleteAuthor(db, id);
    },
  },
};
