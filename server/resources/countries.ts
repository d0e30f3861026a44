import { countries } from '../db/schema/index.js';
import { namedApi } from './named.js';
import type { ResourceDefinition } from './types.js';

/** Countries (ISO 3166-1, seeded from i18n-iso-countries): read-only, with their alpha-2 code. */
export const countryResource: ResourceDefinition = {
  api: 'countries',
  label: 'Country',
  table: countries,
  screen: 'countries',
  toApi: (row) => ({ ...namedApi(row), code: row.code }),
};
