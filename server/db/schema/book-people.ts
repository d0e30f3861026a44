import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { authors, contacts } from './directory.js';
import { authorTypes } from './reference.js';

/**
 * The book's authors, each at most once (primary key book_id, author_id), with their role
 * (`author_type_id`, 1 by default) and display order. Deleting an author still on a sheet is refused.
 */
export const bookAuthors = pgTable(
  'book_authors',
  {
    bookId: integer('book_id').notNull(),
    authorId: integer('author_id').notNull(),
    authorTypeId: integer('author_type_id').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'book_authors_pk', columns: [t.bookId, t.authorId] }),
    index('book_authors_author_idx').on(t.authorId, t.bookId),
    foreignKey({ name: 'book_authors_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    foreignKey({ name: 'book_authors_author_fk', columns: [t.authorId], foreignColumns: [authors.id] }).onDelete('restrict'),
    foreignKey({ name: 'book_authors_author_type_fk', columns: [t.authorTypeId], foreignColumns: [authorTypes.id] }).onDelete('restrict'),
  ],
);

/**
 * Contacts attached to the book (the rights holder's editor, agent …); `audiovisual_law` marks the
 * contact who handles the audiovisual rights. Deleting a contact still on a sheet is refused.
 */
export const bookContacts = pgTable(
  'book_contacts',
  {
    bookId: integer('book_id').notNull(),
    contactId: integer('contact_id').notNull(),
    audiovisualLaw: boolean('audiovisual_law').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'book_contacts_pk', columns: [t.bookId, t.contactId] }),
    index('book_contacts_contact_idx').on(t.contactId, t.bookId),
    foreignKey({ name: 'book_contacts_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    foreignKey({ name: 'book_contacts_contact_fk', columns: [t.contactId], foreignColumns: [contacts.id] }).onDelete('restrict'),
  ],
);

/**
 * Where the scout heard of the book: a known contact or free text (`other`), with the date and
 * the mail it came in. At least one of contact and other is set.
 */
export const bookSources = pgTable(
  'book_sources',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull(),
    contactId: integer('contact_id'),
    other: text('other'),
    date: date('date', { mode: 'string' }),
    mail: text('mail'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('book_sources_book_idx').on(t.bookId),
    index('book_sources_contact_idx').on(t.contactId),
    foreignKey({ name: 'book_sources_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    foreignKey({ name: 'book_sources_contact_fk', columns: [t.contactId], foreignColumns: [contacts.id] }).onDelete('restrict'),
    check('book_sources_contact_or_other', sql`${t.contactId} is not null or ${t.other} is not null`),
  ],
);

/** The series a book belongs to: series name and volume number, in display order. */
export const bookSeries = pgTable(
  'book_series',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull(),
    name: text('name').notNull(),
    number: integer('number').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('book_series_book_idx').on(t.bookId),
    foreignKey({ name: 'book_series_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    check('book_series_number_positive', sql`${t.number} >= 0`),
  ],
);
