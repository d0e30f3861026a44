import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Translations } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import {
  authors,
  bookFiles,
  bookRatings,
  books,
  bookSeries,
  characterAgeLinks,
  characters,
  type BookFileType,
  type NewBook,
  type RatingType,
} from '../../schema/index.js';
import { existingIds } from '../engine/directoryRepository.js';
import { setSheetReporters } from '../editorial/reporterRepository.js';

/**
 * Writes of a reading sheet, each meant to run inside the one transaction of a save
 * (server/sheets/sheetSaveService.ts). Exported as one object so a test can make a single step
 * fail mid-save (`vi.spyOn(sheetWriteRepository, 'saveCharacters')`).
 */

export interface SeriesRow {
  id?: number;
  name: string;
  number: number;
}
export interface CharacterRow {
  id?: number;
  name: string;
  functionId: number | null;
  genderId: number | null;
  countryId: number | null;
  topologyId: number | null;
  ageIds: number[];
  characterisations: Translations;
  issues: Translations;
  evolutions: Translations;
}
export interface NewFileRow {
  type: BookFileType;
  originalName: string;
  storedName: string;
  size: number;
  mime: string;
}

/** What a save needs of the stored sheet, read under a row lock (`FOR UPDATE`). */
async function lockSheet(db: Db, id: number) {
  const [row] = await db
    .select({
      id: books.id,
      version: books.version,
      rightsStatusId: books.rightsStatusId,
      statusId: books.statusId,
      manuscriptStoredName: books.manuscriptStoredName,
    })
    .from(books)
    .where(eq(books.id, id))
    .for('update')
    .limit(1);
  return row;
}

/** Which of `ids` exist in `table` (by its `id` column). */

/** Author names by id, for the sheet's search text. */
async function authorNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: authors.id, name: authors.name })
    .from(authors)
    .where(inArray(authors.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Ids of the series items and characters the sheet has now. */
async function childIds(db: Db, bookId: number): Promise<{ series: Set<number>; characters: Set<number> }> {
  const [seriesRows, characterRows] = [
    await db.select({ id: bookSeries.id }).from(bookSeries).where(eq(bookSeries.bookId, bookId)),
    await db.select({ id: characters.id }).from(characters).where(eq(characters.bookId, bookId)),
  ];
  return { series: new Set(seriesRows.map((row) => row.id)), characters: new Set(characterRows.map((row) => row.id)) };
}

async function countFiles(db: Db, bookId: number, type: BookFileType): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(bookFiles)
    .where(and(eq(bookFiles.bookId, bookId), eq(bookFiles.type, type)));
  return Number(row?.total ?? 0);
}

async function insertSheet(db: Db, values: NewBook): Promise<number> {
  const [row] = await db.insert(books).values(values).returning({ id: books.id });
  return row!.id;
}

/** Updates the sheet if it is still at `version`, moving it to `version + 1`; false when it is not. */
async function updateSheet(db: Db, id: number, version: number, values: Partial<NewBook>): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ ...values, version: sql`${books.version} + 1` })
    .where(and(eq(books.id, id), eq(books.version, version)))
    .returning({ id: books.id });
  return rows.length > 0;
}

/** Saves the series list: items with an id are updated (kept), others inserted, the rest deleted. */
async function saveSeries(db: Db, bookId: number, list: readonly SeriesRow[]): Promise<void> {
  const kept = list.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  await db.delete(bookSeries).where(kept.length ? and(eq(bookSeries.bookId, bookId), notInArray(bookSeries.id, kept)) : eq(bookSeries.bookId, bookId));
  for (const [position, item] of list.entries()) {
    if (item.id === undefined) await db.insert(bookSeries).values({ bookId, name: item.name, number: item.number, position });
    else
      await db
        .update(bookSeries)
        .set({ name: item.name, number: item.number, position })
        .where(and(eq(bookSeries.id, item.id), eq(bookSeries.bookId, bookId)));
  }
}

/** Saves the characters like the series (ids kept), and replaces each character's ages. */
async function saveCharacters(db: Db, bookId: number, list: readonly CharacterRow[]): Promise<void> {
  const kept = list.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  await db.delete(characters).where(kept.length ? and(eq(characters.bookId, bookId), notInArray(characters.id, kept)) : eq(characters.bookId, bookId));
  if (kept.length) await db.delete(characterAgeLinks).where(inArray(characterAgeLinks.characterId, kept));
  for (const [position, { id, ageIds, ...values }] of list.entries()) {
    let characterId = id;
    if (characterId === undefined) {
      const [row] = await db
        .insert(characters)
        .values({ bookId, ...values, position })
        .returning({ id: characters.id });
      characterId = row!.id;
    } else {
      await db
        .update(characters)
        .set({ ...values, position })
        .where(and(eq(characters.id, characterId), eq(characters.bookId, bookId)));
    }
    if (ageIds.length) await db.insert(characterAgeLinks).values(ageIds.map((ageId) => ({ characterId: characterId!, ageId })));
  }
}

async function replaceRatings(db: Db, bookId: number, list: readonly { type: RatingType; rate: number }[]): Promise<void> {
  await db.delete(bookRatings).where(eq(bookRatings.bookId, bookId));
  if (list.length) await db.insert(bookRatings).values(list.map((rating) => ({ bookId, ...rating })));
}

/** Deletes the sheet's files of `type` and returns their storage keys (to remove after commit). */
async function deleteFilesOfType(db: Db, bookId: number, type: BookFileType): Promise<string[]> {
  const rows = await db
    .delete(bookFiles)
    .where(and(eq(bookFiles.bookId, bookId), eq(bookFiles.type, type)))
    .returning({ storedName: bookFiles.storedName });
  return rows.map((row) => row.storedName);
}

/** Adds files after the sheet's existing ones. */
async function addFiles(db: Db, bookId: number, files: readonly NewFileRow[]): Promise<void> {
  if (files.length === 0) return;
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${bookFiles.position}), -1)` })
    .from(bookFiles)
    .where(eq(bookFiles.bookId, bookId));
  const start = Number(row?.last ?? -1) + 1;
  await db.insert(bookFiles).values(files.map((file, i) => ({ bookId, ...file, position: start + i })));
}

/** Deletes one file of a sheet; its storage key, or undefined when the sheet has no such file. */
async function deleteFile(db: Db, bookId: number, fileId: number): Promise<string | undefined> {
  const [row] = await db
    .delete(bookFiles)
    .where(and(eq(bookFiles.bookId, bookId), eq(bookFiles.id, fileId)))
    .returning({ storedName: bookFiles.storedName });
  return row?.storedName;
}

/** Clears the sheet's manuscript; its storage key, or undefined when it had none. */
async function clearManuscript(db: Db, bookId: number): Promise<string | undefined> {
  const locked = await lockSheet(db, bookId);
  if (!locked?.manuscriptStoredName) return undefined;
  await db
    .update(books)
    .set({
      manuscriptOriginalName: null,
      manuscriptStoredName: null,
      manuscriptSize: null,
      manuscriptMime: null,
      manuscriptUploadedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(books.id, bookId));
  return locked.manuscriptStoredName;
}

/** Marks the sheet changed (a file deleted) without moving its version. */
async function touchSheet(db: Db, bookId: number): Promise<void> {
  await db.update(books).set({ updatedAt: new Date() }).where(eq(books.id, bookId));
}

export const sheetWriteRepository = {
  lockSheet,
  existingIds,
  authorNames,
  childIds,
  countFiles,
  insertSheet,
  updateSheet,
  replaceReporters: setSheetReporters,
  saveSeries,
  saveCharacters,
  replaceRatings,
  deleteFilesOfType,
  addFiles,
  deleteFile,
  clearManuscript,
  touchSheet,
};
export type SheetWriteRepository = typeof sheetWriteRepository;
