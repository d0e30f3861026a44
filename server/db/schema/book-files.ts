import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { books } from './books.js';

/** Book file types: 1 a document, 2 a cover, 3 a video or audio file. */
export const BOOK_FILE_TYPES = { file: 1, cover: 2, video: 3 } as const;
export type BookFileType = (typeof BOOK_FILE_TYPES)[keyof typeof BOOK_FILE_TYPES];

/**
 * Files attached to a sheet (documents, cover, video). `stored_name` is the generated storage key,
 * never the client's path; `original_name` is what the administrator uploaded. The rows cascade
 * with the sheet; the storage layer removes the stored files. The manuscript lives on `books`.
 */
export const bookFiles = pgTable(
  'book_files',
  {
    id: serial('id').primaryKey(),
    bookId: integer('book_id').notNull(),
    type: smallint('type').notNull().$type<BookFileType>(),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull().unique('book_files_stored_name_unique'),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('book_files_book_type_idx').on(t.bookId, t.type),
    foreignKey({ name: 'book_files_book_fk', columns: [t.bookId], foreignColumns: [books.id] }).onDelete('cascade'),
    check('book_files_type_known', sql`${t.type} in (1, 2, 3)`),
    check('book_files_size_positive', sql`${t.size} >= 0`),
  ],
);

export type BookFile = typeof bookFiles.$inferSelect;
