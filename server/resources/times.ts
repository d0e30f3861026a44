import { times } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from './declaration.js';
import type { NamedResourceDefinition } from './types.js';

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
