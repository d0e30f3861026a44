import type { Snapshot } from '../../common/recordChanges.js';
import { books } from '../db/schema/index.js';
import { writableFields } from '../engine/declaration.js';
import { declaredHistory } from '../engine/history/recordHistory.js';
import { readingSheetRecord } from '../resources/readingSheets.js';
import { findSheet, type SheetApi } from './sheetReadService.js';

/** The fields a sheet's save writes, its version among them (its declaration's). */
const SAVED_FIELDS = writableFields(readingSheetRecord);

/** The body of a save of a sheet as read (`GET admin/books/{id}`) with `changes`: the fields its save writes, as read, its version, the changes over them. */
export function sheetSaveBody(sheet: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { ...Object.fromEntries(SAVED_FIELDS.filter((field) => field in sheet).map((field) => [field, sheet[field]])), ...changes };
}

/** A sheet as its history sees it (its declaration's view: the engine's, server/engine/history/recordHistory.ts). */
export const sheetView: (sheet: SheetApi) => Snapshot = declaredHistory(readingSheetRecord, { find: (db, id) => findSheet(db, id) }, books).view!;
