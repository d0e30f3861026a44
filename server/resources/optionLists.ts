import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
} from '../db/schema/index.js';
import { readOnlyNamedList } from '../engine/namedStore.js';
import type { ResourceDefinition } from '../engine/resourceTypes.js';

/**
 * The read-only option lists of the reading-sheet form (SPEC §7): no screen of their own,
 * `GET admin/{api}` (name, page, perPage) and `GET admin/{api}/{id}` only.
 */
export const optionListResources: ResourceDefinition[] = [
  readOnlyNamedList('adaptation-formats', 'Adaptation format', adaptationFormats),
  readOnlyNamedList('adaptation-kinds', 'Adaptation kind', adaptationKinds),
  readOnlyNamedList('adaptation-budgets', 'Adaptation budget', adaptationBudgets),
  readOnlyNamedList('character-functions', 'Character function', characterFunctions),
  readOnlyNamedList('character-genders', 'Character gender', characterGenders),
  readOnlyNamedList('character-ages', 'Character age', characterAges),
  readOnlyNamedList('character-topologies', 'Character topology', characterTopologies),
];
