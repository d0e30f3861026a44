import { contactUsage } from '../db/repositories/directory/contactRepository.js';
import { bookContacts, books, bookSources, companies, contacts, contactTypes } from '../db/schema/index.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import { refuseWhileUsed } from '../engine/referenceChecks.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';

const fields = {
  id: { column: 'id' },
  name: { column: 'name' },
  email: { column: 'email' },
  phone: { column: 'phone' },
  professional_role: { column: 'professionalRole' },
  comment: { column: 'comment' },
  company_id: { column: 'companyId' },
  company: { relation: { one: companies, key: 'companyId', pick: { id: 'id', name: 'name' } } },
  company_name: { relation: { one: companies, key: 'companyId', value: 'name' } },
  contact_type_id: { column: 'contactTypeId' },
  contact_type: { relation: { one: contactTypes, key: 'contactTypeId', pick: { id: 'id', label: 'label' } } },
  contact_type_label: { relation: { one: contactTypes, key: 'contactTypeId', value: 'label' } },
  readingSheets: {
    relation: {
      list: books,
      through: [
        { table: bookContacts, from: 'contactId', to: 'bookId' },
        { table: bookSources, from: 'contactId', to: 'bookId' },
      ],
      pick: { id: 'id', original_title: 'originalTitle' },
    },
    returned: 'record',
    // The sheets' lists write it: their history shows it.
    history: false,
  },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * Contacts (`admin/contacts`): editors, agents, producers, with their company and contact type,
 * and on the single record the reading sheets citing the contact as a contact or a source.
 */
export const contactResource: CustomResourceDefinition = {
  api: 'contacts',
  label: 'Contact',
  screen: 'contacts',
  inUseMessage: 'This contact is used by reading sheets and cannot be deleted.',
  table: contacts,
  fields,
  filters: {
    name: { column: 'searchText', op: 'search' },
    company_id: { column: 'companyId', op: 'in', many: true },
    contact_type_id: { column: 'contactTypeId', op: 'in', many: true },
  },
  store: declaredStore({
    table: contacts,
    fields,
    searchText: searchOf('name', 'email'),
    rules: {
      /** Rule: a contact cited by reading sheets cannot be deleted (409 with the count). */
      async beforeDelete(db, id) {
        refuseWhileUsed('contact', [[await contactUsage(db, id), 'reading sheet']]);
      },
    },
  }),
};
