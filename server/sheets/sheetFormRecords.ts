import type { ApiRecord } from '../../common/api.js';
import type { Db } from '../db/client.js';
import { countSheets, findSheetRowsAfter } from '../db/repositories/sheets/sheetReadRepository.js';
import type { FormRecords } from '../engine/resourceTypes.js';
import { findSheets, toSheetApi } from './sheetReadService.js';
import { emptyRelations } from '../engine/writableRelations.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';

/**
 * A sheet's fields read from its lists (join tables), not from its row: those its declaration
 * relates. Measuring a change to one of them reads the sheets' lists too, so it is measured on the
 * first SHEETS_WITH_LISTS sheets.
 */
const LIST_FIELDS = new Set(Object.entries(READING_SHEET_FIELDS).flatMap(([name, field]) => ('relation' in field ? [name] : [])));

/** Sheets measured when a changed field is one of a sheet's lists (about a dozen reads a batch of sheets). */
const SHEETS_WITH_LISTS = 2000;

/**
 * The sheets as the editor reads them (GET admin/books/{id}, without their requests: read-only, a
 * form change cannot refuse them), by id: their rows alone when no field the change touches is one
 * of their lists, else with their lists, on the first SHEETS_WITH_LISTS.
 */
export async function sheetFormRecords(db: Db, fields: ReadonlySet<string>, size: number): Promise<FormRecords> {
  const withLists = [...fields].some((field) => LIST_FIELDS.has(field));
  return {
    total: await countSheets(db),
    ...(withLists ? { limit: SHEETS_WITH_LISTS } : {}),
    async *batches() {
      for (let after = 0; ;) {
        const rows = await findSheetRowsAfter(db, after, size);
        if (rows.length === 0) return;
        if (withLists) {
          const sheets = await findSheets(
            db,
            rows.map((row) => row.book.id),
          );
          yield rows.flatMap((row) => (sheets.has(row.book.id) ? [sheets.get(row.book.id)! as ApiRecord] : []));
        } else yield rows.map((row) => toSheetApi(row, [], emptyRelations(READING_SHEET_FIELDS)) as ApiRecord);
        after = rows[rows.length - 1]!.book.id;
      }
    },
  };
}
