import { times } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Times (when a story is set): translatable name; full CRUD. */
export const timeResource: NamedResourceDefinition = {
  api: 'times',
  label: 'Time',
  table: times,
  screen: 'times',
  fields: NAMED_FIELDS,
  filters: NAME_SEARCH,
  uniqueNames: true,
  inUseMessage: 'This time is still used by reading sheets and cannot be deleted.',
};
