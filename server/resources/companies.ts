import { companyUsage } from '../db/repositories/directory/companyRepository.js';
import { books, companies, countries } from '../db/schema/index.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import { refuseWhileUsed } from '../engine/referenceChecks.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { BOOLEAN } from '../../common/answerSchemas.js';

const ADDRESS_PARTS = ['address', 'additional_address', 'postal_code', 'city', 'country_id'] as const;

const fields = {
  id: { column: 'id' },
  name: { column: 'name' },
  address: { column: 'address' },
  additional_address: { column: 'additionalAddress' },
  postal_code: { column: 'postalCode' },
  city: { column: 'city' },
  country_id: { column: 'countryId' },
  country: { relation: { one: countries, key: 'countryId', pick: { id: 'id', name: { column: 'names', codec: 'englishName' } } } },
  phone: { column: 'phone' },
  website: { column: 'website' },
  description: { column: 'description' },
  has_address: {
    computed: 'true when any address part or the country is set',
    schema: BOOLEAN,
    compute: (record) => ADDRESS_PARTS.some((part) => record[part] !== null && record[part] !== undefined),
  },
  books_count: { relation: { count: books, column: 'companyId' } },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * Companies (`admin/companies`): publishing houses, agencies, studios. `books_count` counts the
 * sheets naming the company as first publishing house; `has_address` is true when any address
 * part or the country is set.
 */
export const companyResource: CustomResourceDefinition = {
  api: 'companies',
  label: 'Company',
  screen: 'companies',
  inUseMessage: 'This company is used by reading sheets or contacts and cannot be deleted.',
  table: companies,
  fields,
  filters: {
    name: { column: 'searchText', op: 'search' },
    country_id: { column: 'countryId', op: 'in', many: true },
  },
  store: declaredStore({
    table: companies,
    fields,
    searchText: searchOf('name'),
    rules: {
      /** Rule: a company used by reading sheets or contacts cannot be deleted (409 with the counts). */
      async beforeDelete(db, id) {
        const usage = await companyUsage(db, id);
        refuseWhileUsed('company', [
          [usage.books, 'reading sheet'],
          [usage.contacts, 'contact'],
        ]);
      },
    },
  }),
};
