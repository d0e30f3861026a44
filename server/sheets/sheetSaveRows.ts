import { bookSearchText, type NewBook } from '../db/schema/index.js';
import { sheetColumnValues } from './sheetColumnFields.js';
import type { SheetInput } from './sheetSaveInput.js';

/**
 * The book columns of a valid sheet: what every save writes. The manuscript, the version and the
 * statuses are left to the write, which knows whether it creates or updates.
 */
export function sheetColumns(sheet: SheetInput, authorNames: readonly string[], now: Date): Omit<NewBook, 'statusId' | 'rightsStatusId'> {
  return {
    ...(sheetColumnValues(sheet as Record<string, unknown>) as Pick<NewBook, 'originalTitle'>),
    searchText: bookSearchText(sheet.original_title, sheet.titles ?? {}, authorNames),
    updatedAt: now,
  };
}
