import { audiences } from '../db/schema/index.js';
import { readOnlyNamedList } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Audiences: a read-only translatable list (its screen's permissions are all false). */
export const audienceResource: ResourceDefinition = readOnlyNamedList('audiences', 'Audience', audiences, 'audiences');
