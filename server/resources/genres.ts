import { genres } from '../db/schema/index.js';
import { namedApi, parentOf, translationsOf } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Genres: a parent_id tree with translatable names and a display colour; full CRUD. */
export const genreResource: ResourceDefinition = {
  api: 'genres',
  label: 'Genre',
  table: genres,
  screen: 'genres',
  toApi: (row) => ({ ...namedApi(row), color: row.color, parent_id: row.parentId ?? null }),
  toColumns: (body) => ({
    names: translationsOf(body.names),
    color: String(body.color).toLowerCase(),
    parentId: parentOf(body.parent_id),
  }),
  tree: { column: genres.parentId, field: 'parent_id' },
  uniqueNames: true,
  inUseMessage: 'This genre is still used by reading sheets or other genres and cannot be deleted.',
};
