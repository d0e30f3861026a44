import type { Db } from '../db/client.js';
import { currentRequest } from '../http/requestContext.js';
import type { BulkRows } from '../engine/bulk/bulkActions.js';
import { resourceExportSource } from '../engine/export/exportSource.js';
import type { ResourceService } from '../engine/resourceService.js';
import { findSheets, type SheetApi } from './sheetReadService.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import type { SheetSaveService } from './sheetSaveService.js';
import { sheetSaveBody } from './sheetHistory.js';

/**
 * The reading sheets' rows for a bulk action: a sheet saved with the changes through the engine's
 * save (`service`: its form's fields as read, its version: validation, references, the history,
 * what follows a save), or deleted as `DELETE admin/books/{id}` does. Changes to columns of the
 * sheet (its statuses) write those columns alone (`saveColumns`); the rows are read a few dozen at
 * once, their lists with them.
 */
export function sheetBulkRows(db: Db, sheets: Pick<SheetSaveService, 'saveColumns'>, service: ResourceService): BulkRows {
  return {
    read: (ids) => findSheets(db, ids),
    async set(record, changes) {
      if (Object.keys(changes).every((field) => SHEET_COLUMN_FIELDS.some((column) => column.key === field))) {
        await sheets.saveColumns(record as SheetApi, changes, currentRequest()?.administratorId ?? null);
        return;
      }
      await service.save(String(record.id), sheetSaveBody(record, changes));
    },
    async remove(id) {
      await service.remove(String(id));
    },
    matching: (query) => resourceExportSource(service, query),
  };
}
