import { countries } from '../db/schema/index.js';
import { NAME_SEARCH, NAMED_FIELDS } from '../engine/declaration.js';
import type { NamedResourceDefinition } from '../engine/resourceTypes.js';

/** Countries (ISO 3166-1, seeded from i18n-iso-countries): read-only, with their alpha-2 code. */
export const countryResource: NamedResourceDefinition = {
  api: 'countries',
  label: 'Country',
  table: countries,
  screen: 'countries',
  fields: { ...NAMED_FIELDS, code: { column: 'code' } },
  filters: { ...NAME_SEARCH, code: { column: 'code', op: 'in', many: true } },
};
