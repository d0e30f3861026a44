import { formats } from '../db/schema/index.js';
import { readOnlyNamedList } from '../engine/namedStore.js';
import type { ResourceDefinition } from '../engine/resourceTypes.js';

/** Formats: a read-only translatable list (its screen's permissions are all false). */
export const formatResource: ResourceDefinition = readOnlyNamedList('formats', 'Format', formats, 'formats');
