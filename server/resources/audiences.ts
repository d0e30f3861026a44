import { audiences } from '../db/schema/index.js';
import { readOnlyNamedList } from '../engine/namedStore.js';
import type { ResourceDefinition } from '../engine/resourceTypes.js';

/** Audiences: a read-only translatable list (its screen's permissions are all false). */
export const audienceResource: ResourceDefinition = readOnlyNamedList('audiences', 'Audience', audiences, 'audiences');
