import { contactUsage, deleteContact, findContact, listContacts, writeContact } from '../db/repositories/contactRepository.js';
import { idOrNull, textOrNull } from '../db/repositories/directoryRepository.js';
import { companies, contacts, contactTypes } from '../db/schema/index.js';
import { checkReferences, refuseWhileUsed } from './directory.js';
import type { CustomResourceDefinition } from './types.js';

/**
 * Contacts (`admin/contacts`): editors, agents, producers. Records carry `company` `{ id, name }`
 * and `contact_type` `{ id, label }` (and their flat `company_name`, `contact_type_label` for the
 * list), and the single record the reading sheets citing the contact (`readingSheets`). A contact
 * cited by reading sheets cannot be deleted (409).
 */
export const contactResource: CustomResourceDefinition = {
  api: 'contacts',
  label: 'Contact',
  screen: 'contacts',
  inUseMessage: 'This contact is used by reading sheets and cannot be deleted.',
  table: contacts,
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    email: { column: 'email' },
    phone: { column: 'phone' },
    professional_role: { column: 'professionalRole' },
    comment: { column: 'comment' },
    company_id: { column: 'companyId' },
    company: { relation: 'companies: { id, name }' },
    company_name: { relation: 'companies.name' },
    contact_type_id: { column: 'contactTypeId' },
    contact_type: { relation: 'contact_types: { id, label }' },
    contact_type_label: { relation: 'contact_types.label' },
    readingSheets: { relation: 'books citing the contact (contacts or sources): { id, original_title }', returned: 'record' },
  },
  filters: {
    name: { column: 'searchText', op: 'search' },
    company_id: { column: 'companyId', op: 'in', many: true },
    contact_type_id: { column: 'contactTypeId', op: 'in', many: true },
  },
  store: {
    list: (db, query) => listContacts(db, { where: query.where, paging: query }),
    find: findContact,
    async save(db, id, body) {
      const companyId = idOrNull(body.company_id);
      const contactTypeId = idOrNull(body.contact_type_id);
      await checkReferences(db, [
        ['company_id', companies, companyId],
        ['contact_type_id', contactTypes, contactTypeId],
      ]);
      const saved = await writeContact(db, id, {
        name: String(body.name),
        email: textOrNull(body.email),
        phone: textOrNull(body.phone),
        professionalRole: textOrNull(body.professional_role),
        comment: textOrNull(body.comment),
        companyId,
        contactTypeId,
      });
      return (await findContact(db, saved ?? id!))!;
    },
    async remove(db, id) {
      refuseWhileUsed('contact', [[await contactUsage(db, id), 'reading sheet']]);
      return deleteContact(db, id);
    },
  },
};
