import type { Db } from '../db/client.js';
import { normalizeJsonForm } from '../http/multipartForm.js';
import { currentRequest } from '../http/requestContext.js';
import type { Storage } from '../storage/index.js';
import type { BulkRows } from '../engine/bulk/bulkActions.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import { sheetExportSource, removeSheet, type SheetListQuery } from './sheetListService.js';
import { findSheets, type SheetApi } from './sheetReadService.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import { READING_SHEET_SCHEMA } from './sheetSaveInput.js';
import type { SheetSaveService } from './sheetSaveService.js';
import { sheetSaveBody } from './sheetHistory.js';

/**
 * The reading sheets' rows for a bulk action: a sheet saved with the changes by the editor's save
 * rules (its form's fields as read, its version: validation, references, the history, what follows
 * a save), or deleted as `DELETE admin/books/{id}` does. Changes to columns of the sheet (its
 * statuses) write those columns alone (`saveColumns`); others save the whole sheet.
 */
export function sheetBulkRows(db: Db, sheets: Pick<SheetSaveService, 'save' | 'saveColumns'>, writes: RecordWrites, storage: Storage): BulkRows {
  return {
    read: (ids) => findSheets(db, ids),
    async set(record, changes) {
      const administratorId = currentRequest()?.administratorId ?? null;
      if (Object.keys(changes).every((field) => SHEET_COLUMN_FIELDS.some((column) => column.key === field))) {
        await sheets.saveColumns(record as SheetApi, changes, administratorId);
        return;
      }
      await sheets.save({
        rawId: String(record.id),
        input: normalizeJsonForm(sheetSaveBody(record, changes), READING_SHEET_SCHEMA),
        files: [],
        administratorId,
      });
    },
    async remove(id) {
      await removeSheet(writes, storage, String(id));
    },
    matching: (query) => sheetExportSource(db, query as SheetListQuery),
  };
}
