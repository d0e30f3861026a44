import { boolean, index, integer, pgTable, serial, text, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchText, translations } from './columns.js';

/** A reference list whose rows are a translatable name (audiences, formats, times, ...). */
function namedList(table: string) {
  return pgTable(table, { id: serial('id').primaryKey(), names: translations('names'), searchText: searchText() }, (t) => [
    index(`${table}_search_idx`).using('gin', t.searchText.op('gin_trgm_ops')),
  ]);
}

export const locales = pgTable('locales', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 5 }).notNull().unique(),
  name: text('name').notNull(),
});

export const languages = pgTable('languages', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  names: translations('names'),
});

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 2 }).notNull().unique(),
    names: translations('names'),
    searchText: searchText(),
  },
  (t) => [index('countries_search_idx').using('gin', t.searchText.op('gin_trgm_ops'))],
);

export const bookStatuses = pgTable('book_statuses', { id: integer('id').primaryKey(), label: text('label').notNull() });
export const rightsStatuses = pgTable('rights_statuses', { id: integer('id').primaryKey(), label: text('label').notNull() });
export const demandTypes = pgTable('demand_types', { id: integer('id').primaryKey(), name: text('name').notNull() });
export const demandStatuses = pgTable('demand_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  requiresCommentary: boolean('requires_commentary').notNull().default(false),
});
export const authorTypes = pgTable('author_types', { id: integer('id').primaryKey(), name: text('name').notNull() });
export const contactTypes = pgTable('contact_types', { id: integer('id').primaryKey(), label: text('label').notNull() });
export const reporterStatuses = pgTable('reporter_statuses', { id: integer('id').primaryKey(), name: text('name').notNull() });

export const audiences = namedList('audiences');
export const categories = namedList('categories');
export const formats = namedList('formats');
export const times = namedList('times');
export const periods = namedList('periods');
export const adaptationFormats = namedList('adaptation_formats');
export const adaptationKinds = namedList('adaptation_kinds');
export const adaptationBudgets = namedList('adaptation_budgets');
export const characterFunctions = namedList('character_functions');
export const characterGenders = namedList('character_genders');
export const characterAges = namedList('character_ages');
export const characterTopologies = namedList('character_topologies');

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => genres.id, { onDelete: 'restrict' }),
    names: translations('names'),
    color: varchar('color', { length: 7 }).notNull().default('#0091ea'),
    searchText: searchText(),
  },
  (t) => [index('genres_search_idx').using('gin', t.searchText.op('gin_trgm_ops')), index('genres_parent_idx').on(t.parentId)],
);

export const thematics = pgTable(
  'thematics',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => thematics.id, { onDelete: 'restrict' }),
    names: translations('names'),
    aiDescriptions: translations('ai_descriptions'),
    searchText: searchText(),
  },
  (t) => [index('thematics_search_idx').using('gin', t.searchText.op('gin_trgm_ops')), index('thematics_parent_idx').on(t.parentId)],
);

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  role: varchar('role', { length: 32 }).notNull().unique(),
  /** Price in cents (EUR). */
  amount: integer('amount').notNull(),
  /** Commitment in months. */
  commitment: integer('commitment').notNull(),
  paid: boolean('paid').notNull().default(true),
  credits: integer('credits').notNull(),
});
