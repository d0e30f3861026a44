import { thematics } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Thematics: a parent_id tree with translatable names and AI descriptions; full CRUD. */
export const thematicResource: NamedResourceDefinition = {
  api: 'thematics',
  label: 'Thematic',
  table: thematics,
  screen: 'thematics',
  fields: {
    ...NAMED_FIELDS,
    ai_descriptions: { column: 'aiDescriptions', codec: 'translations' },
    parent_id: { column: 'parentId', codec: 'reference' },
    // The parent's name (English, else its first filled language), null at the top of the tree.
    parent_name: { relation: { one: thematics, key: 'parentId', value: { column: 'names', codec: 'englishName' } } },
  },
  filters: { ...NAME_SEARCH, parent_id: { column: 'parentId', op: 'in', many: true } },
  tree: { field: 'parent_id' },
  uniqueNames: true,
  inUseMessage: 'This thematic is still used by reading sheets or other thematics and cannot be deleted.',
};
