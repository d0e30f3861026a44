import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { searchText, timestamps, translations } from './columns.js';
import { contactTypes, countries } from './reference.js';

/**
 * Publishing houses, agencies and studios. A book names one as its first publishing house
 * and contacts belong to one; both refuse the company's deletion while they point at it.
 * `search_text` holds the normalised name.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    additionalAddress: text('additional_address'),
    postalCode: text('postal_code'),
    city: text('city'),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    phone: text('phone'),
    website: text('website'),
    description: text('description'),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('companies_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('companies_name_idx').on(t.name),
    index('companies_country_idx').on(t.countryId),
  ],
);

/**
 * People the scouts deal with (editors, agents, producers), optionally working for a company.
 * Books cite them as contacts and sources, which refuses their deletion while cited.
 * `search_text` holds the normalised name and e-mail.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    professionalRole: text('professional_role'),
    comment: text('comment'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    contactTypeId: integer('contact_type_id').references(() => contactTypes.id, { onDelete: 'restrict' }),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('contacts_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contacts_name_idx').on(t.name),
    index('contacts_company_idx').on(t.companyId),
    index('contacts_contact_type_idx').on(t.contactTypeId),
  ],
);

/**
 * Book authors (writers, illustrators, translators: the role lives on `book_authors`), with a
 * biography per locale. `search_text` holds the normalised name.
 */
export const authors = pgTable(
  'authors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
    biographies: translations('biographies'),
    searchText: searchText(),
    ...timestamps(),
  },
  (t) => [
    index('authors_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('authors_name_idx').on(t.name),
    index('authors_country_idx').on(t.countryId),
  ],
);

export type Company = typeof companies.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Author = typeof authors.$inferSelect;
