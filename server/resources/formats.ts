import { formats } from '../db/schema/index.js';
import { readOnlyNamedList } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Formats: a read-only translatable list (its screen's permissions are all false). */
export const formatResource: ResourceDefinition = readOnlyNamedList('formats', 'Format', formats, 'formats');
