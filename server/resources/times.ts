import { times } from '../db/schema/index.js';
import { namedApi, translationsOf } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Times (when a story takes place): translatable name; full CRUD. */
export const timeResource: ResourceDefinition = {
  api: 'times',
  label: 'Time',
  table: times,
  screen: 'times',
  toApi: namedApi,
  toColumns: (body) => ({ names: translationsOf(body.names) }),
  uniqueNames: true,
  inUseMessage: 'This time is still used by reading sheets and cannot be deleted.',
};
