import { index, integer, json, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';

/**
 * Published versions of the screen definitions (docs/screens-at-run-time.md). Version 0 of a
 * screen is its built-in file (`schemas/`), never stored; each publish, rollback or reset adds the
 * next version with the whole definition and the screen's labels, its author, time and comment,
 * and the version it was based on. The newest version of a screen is the one in use. The row ids
 * only grow: the highest is the stamp every instance compares to know whether anything changed.
 */
export const screenVersions = pgTable(
  'screen_versions',
  {
    id: serial('id').primaryKey(),
    screen: text('screen').notNull(),
    version: integer('version').notNull(),
    /** The definition as staff published it (locales not expanded), or null for a return to the built-in file. */
    definition: json('definition'),
    /** The screen's interface texts (`screens.<screen>.*` in English), or null with the built-in file. */
    labels: json('labels'),
    authorId: integer('author_id').references(() => administrators.id, { onDelete: 'set null' }),
    /** The author's name when published: kept if the administrator is deleted later. */
    authorName: text('author_name').notNull(),
    comment: text('comment').notNull().default(''),
    baseVersion: integer('base_version').notNull(),
    /**
     * The built-in file the definition was made from (as written: `json` keeps its key order), or
     * null: a return to the built-in file, or a version published before this column (its base
     * unknown). When a release changes the file, staff's changes are re-applied onto the new one.
     */
    baseFile: json('base_file'),
    /** The built-in labels (`screens.<screen>.*` in English) the labels were made from, or null as `baseFile`. */
    baseLabels: json('base_labels'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('screen_versions_screen_version_idx').on(t.screen, t.version), index('screen_versions_screen_idx').on(t.screen, t.id)],
);

/** The one draft of a screen (last writer wins), with who wrote it last and when. */
export const screenDrafts = pgTable('screen_drafts', {
  screen: text('screen').primaryKey(),
  definition: json('definition').notNull(),
  labels: json('labels').notNull(),
  authorId: integer('author_id').references(() => administrators.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
