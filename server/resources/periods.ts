import { periods } from '../db/schema/index.js';
import { namedApi, translationsOf } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Periods (historical eras a story is set in): translatable name; full CRUD. */
export const periodResource: ResourceDefinition = {
  api: 'periods',
  label: 'Period',
  table: periods,
  screen: 'periods',
  toApi: namedApi,
  toColumns: (body) => ({ names: translationsOf(body.names) }),
  uniqueNames: true,
  inUseMessage: 'This period is still used by reading sheets and cannot be deleted.',
};
