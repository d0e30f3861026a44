import { thematics } from '../db/schema/index.js';
import { namedApi, parentOf, translationsOf } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Thematics: a parent_id tree with translatable names and AI descriptions; full CRUD. */
export const thematicResource: ResourceDefinition = {
  api: 'thematics',
  label: 'Thematic',
  table: thematics,
  screen: 'thematics',
  toApi: (row) => ({ ...namedApi(row), ai_descriptions: row.aiDescriptions ?? {}, parent_id: row.parentId ?? null }),
  toColumns: (body) => ({
    names: translationsOf(body.names),
    aiDescriptions: translationsOf(body.ai_descriptions),
    parentId: parentOf(body.parent_id),
  }),
  tree: { column: thematics.parentId, field: 'parent_id' },
  uniqueNames: true,
  inUseMessage: 'This thematic is still used by reading sheets or other thematics and cannot be deleted.',
};
