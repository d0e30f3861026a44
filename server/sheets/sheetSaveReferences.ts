import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { SheetInput } from './sheetSaveInput.js';
import { unknownRelationIds } from '../engine/writableRelations.js';
import { declaredReferences, referenceErrors } from '../engine/referenceChecks.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';

/**
 * Every id of a sheet's body that names no row, as its declaration says (its id columns, the ids
 * its lists hold), and every item of its own rows (series items, characters) that is not the
 * sheet's `bookId` (none on a create) or is sent twice: field errors, a query a table.
 */
export async function unknownReferences(tx: Db, bookId: number | undefined, sheet: SheetInput): Promise<FieldErrors> {
  const body = sheet as Record<string, unknown>;
  return {
    ...(await referenceErrors(tx, declaredReferences(READING_SHEET_FIELDS, body))),
    ...(await unknownRelationIds(tx, READING_SHEET_FIELDS, bookId, body)),
  };
}
