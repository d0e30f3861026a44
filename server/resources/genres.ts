import { genres } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from './declaration.js';
import type { NamedResourceDefinition } from './types.js';
import { nullable, STRING } from '../http/answerSchemas.js';

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
    parent_name: { computed: "the parent's name (English, else its first filled language), null at the top of the tree", schema: nullable(STRING) },
  },
  filters: { ...NAME_SEARCH, parent_id: { column: 'parentId', op: 'in', many: true } },
  tree: { field: 'parent_id', nameField: 'parent_name' },
  uniqueNames: true,
  inUseMessage: 'This genre is still used by reading sheets or other genres and cannot be deleted.',
};
