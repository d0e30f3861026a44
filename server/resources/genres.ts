import { genres } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Genres: a parent_id tree with translatable names and a display colour; full CRUD. */
export const genreResource: NamedResourceDefinition = {
  api: 'genres',
  label: 'Genre',
  table: genres,
  screen: 'genres',
  fields: {
    ...NAMED_FIELDS,
    color: { column: 'color', codec: 'lowercase' },
    parent_id: { column: 'parentId', codec: 'reference' },
    // The parent's name (English, else its first filled language), null at the top of the tree.
    parent_name: { relation: { one: genres, key: 'parentId', value: { column: 'names', codec: 'englishName' } } },
  },
  filters: { ...NAME_SEARCH, parent_id: { column: 'parentId', op: 'in', many: true } },
  tree: { field: 'parent_id' },
  uniqueNames: true,
  inUseMessage: 'This genre is still used by reading sheets or other genres and cannot be deleted.',
};
