import { foreignKey, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { books } from './books.js';
import { translations } from './columns.js';
import { characterAges, characterFunctions, characterGenders, characterTopologies, countries } from './reference.js';

/**
 * The book's characters, in display order: name, narrative function, gender, country, topology,
 * and per-language characterisations, issues and evolutions. They belong to the sheet (cascade);
 * their ages are in `character_age_links`.
 */
export const characters = pgTable(
  'characters',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull(),
    name: text('name').notNull(),
    functionId: integer('function_id'),
    genderId: integer('gender_id'),
    countryId: integer('country_id'),
    topologyId: integer('topology_id'),
    characterisations: translations('characterisations'),
    issues: translations('issues'),
    evolutions: translations('evolutions'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('characters_book_idx').on(t.bookId),
    foreignKey({ name: 'characters_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    foreignKey({ name: 'characters_function_fk', columns: [t.functionId], foreignColumns: [characterFunctions.id] }).onDelete('restrict'),
    foreignKey({ name: 'characters_gender_fk', columns: [t.genderId], foreignColumns: [characterGenders.id] }).onDelete('restrict'),
    foreignKey({ name: 'characters_country_fk', columns: [t.countryId], foreignColumns: [countries.id] }).onDelete('restrict'),
    foreignKey({ name: 'characters_topology_fk', columns: [t.topologyId], foreignColumns: [characterTopologies.id] }).onDelete('restrict'),
  ],
);

/**
 * A character's ages, several per character (a story spanning childhood to adulthood). Named
 * `character_age_links` because `character_ages` is the reference list of ages.
 */
export const characterAgeLinks = pgTable(
  'character_age_links',
  {
    characterId: integer('character_id').notNull(),
    ageId: integer('age_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'character_age_links_pk', columns: [t.characterId, t.ageId] }),
    index('character_age_links_age_idx').on(t.ageId, t.characterId),
    foreignKey({ name: 'character_age_links_character_fk', columns: [t.characterId], foreignColumns: [characters.id] }).onDelete('cascade'),
    foreignKey({ name: 'character_age_links_age_fk', columns: [t.ageId], foreignColumns: [characterAges.id] }).onDelete('restrict'),
  ],
);

export type Character = typeof characters.$inferSelect;
