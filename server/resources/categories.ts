import { categories } from '../db/schema/index.js';
import { readOnlyNamedList } from '../engine/namedStore.js';
import type { ResourceDefinition } from '../engine/resourceTypes.js';

/** Categories: a read-only translatable list (its screen's permissions are all false). */
export const categoryResource: ResourceDefinition = readOnlyNamedList('categories', 'Category', categories, 'categories');
