import { companyUsage, deleteCompany, findCompany, listCompanies, writeCompany } from '../db/repositories/companyRepository.js';
import { idOrNull, textOrNull } from '../db/repositories/directoryRepository.js';
import { companies, countries } from '../db/schema/index.js';
import { checkReferences, refuseWhileUsed } from './directory.js';
import type { CustomResourceDefinition } from './types.js';

/**
 * Companies (`admin/companies`): publishing houses, agencies, studios. Records carry
 * `books_count` (sheets naming the company as first publishing house), the country `{ id, name }`
 * and `has_address`, true when any address part or the country is set. A company used by
 * reading sheets or contacts cannot be deleted (409 with the counts).
 */
export const companyResource: CustomResourceDefinition = {
  api: 'companies',
  label: 'Company',
  screen: 'companies',
  inUseMessage: 'This company is used by reading sheets or contacts and cannot be deleted.',
  table: companies,
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    address: { column: 'address' },
    additional_address: { column: 'additionalAddress' },
    postal_code: { column: 'postalCode' },
    city: { column: 'city' },
    country_id: { column: 'countryId' },
    country: { relation: 'countries: { id, name }' },
    phone: { column: 'phone' },
    website: { column: 'website' },
    description: { column: 'description' },
    has_address: { computed: 'true when any address part or the country is set' },
    books_count: { computed: 'reading sheets naming the company as first publishing house' },
  },
  filters: {
    name: { column: 'searchText', op: 'search' },
    country_id: { column: 'countryId', op: 'in', many: true },
  },
  store: {
    list: (db, query) => listCompanies(db, { where: query.where, paging: query }),
    find: findCompany,
    async save(db, id, body) {
      const countryId = idOrNull(body.country_id);
      await checkReferences(db, [['country_id', countries, countryId]]);
      const saved = await writeCompany(db, id, {
        name: String(body.name),
        address: textOrNull(body.address),
        additionalAddress: textOrNull(body.additional_address),
        postalCode: textOrNull(body.postal_code),
        city: textOrNull(body.city),
        countryId,
        phone: textOrNull(body.phone),
        website: textOrNull(body.website),
        description: textOrNull(body.description),
      });
      return (await findCompany(db, saved ?? id!))!;
    },
    async remove(db, id) {
      const usage = await companyUsage(db, id);
      refuseWhileUsed('company', [
        [usage.books, 'reading sheet'],
        [usage.contacts, 'contact'],
      ]);
      return deleteCompany(db, id);
    },
  },
};
