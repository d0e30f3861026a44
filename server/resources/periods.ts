import { periods } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Periods (historical eras a story is set in): translatable name; full CRUD. */
export const periodResource: NamedResourceDefinition = {
  api: 'periods',
  label: 'Period',
  table: periods,
  screen: 'periods',
  fields: NAMED_FIELDS,
  filters: NAME_SEARCH,
  uniqueNames: true,
  inUseMessage: 'This period is still used by reading sheets and cannot be deleted.',
};
