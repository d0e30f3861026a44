import type { Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { normalizeJsonForm } from '../http/multipartForm.js';
import { currentRequest } from '../http/requestContext.js';
import type { Storage } from '../storage/index.js';
import { bookExportSource, removeBook, type BookListQuery } from './bookListService.js';
import { findSheets, type SheetApi } from './bookReadService.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import { READING_SHEET_SCHEMA } from './bookSaveInput.js';
import type { BookSaveService } from './bookSaveService.js';
import type { BulkRecord, BulkRows } from './bulkActions.js';
import { resourceExportSource } from './listExport.js';
import type { RecordWrites } from './recordWrites.js';
import type { ResourceService } from './resourceService.js';
import { sheetSaveBody } from './sheetHistory.js';
import { validateUser } from './subscriptionService.js';

/** The action that writes one field of a record (a resource's `actionFields`): refused as the action's own route refuses. */
export type FieldAction = (id: number, value: unknown) => Promise<unknown>;

/** The actions of the resources' `actionFields`, by resource and field: what a bulk `set` of one calls. */
export function fieldActions(db: Db, writes: RecordWrites): Readonly<Record<string, Readonly<Record<string, FieldAction>>>> {
  return {
    users: { is_accepted: (id, value) => validateUser(db, writes, String(id), { is_accepted: value }) },
  };
}

/**
 * A declared resource's rows for a bulk action: each read as `GET {api}/{id}` answers it, and
 * saved back whole with the changes (its `version` with it, so a row changed meanwhile is refused
 * with 409, as a form's save would be), or deleted, through the resource's own service.
 */
export function resourceBulkRows(service: ResourceService, actions: Readonly<Record<string, FieldAction>> = {}): BulkRows {
  return {
    async read(ids) {
      const records = new Map<number, BulkRecord>();
      for (const id of ids) {
        try {
          records.set(id, (await service.get(String(id))) as BulkRecord);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        }
      }
      return records;
    },
    async set(record, changes) {
      // A field written by its own action goes through it (one field a bulk action: nothing else changes).
      const acted = Object.keys(changes).filter((field) => actions[field]);
      for (const field of acted) await actions[field]!(record.id, changes[field]);
      if (acted.length < Object.keys(changes).length) await service.save(String(record.id), { ...record, ...changes });
    },
    async remove(id) {
      await service.remove(String(id));
    },
    matching: ({ lang: _lang, ...query }) => resourceExportSource(service, query),
  };
}

/**
 * The reading sheets' rows for a bulk action: a sheet saved with the changes by the editor's save
 * rules (its form's fields as read, its version: validation, references, the history, what follows
 * a save), or deleted as `DELETE admin/books/{id}` does. Changes to columns of the sheet (its
 * statuses) write those columns alone (`saveColumns`); others save the whole sheet.
 */
export function sheetBulkRows(db: Db, sheets: Pick<BookSaveService, 'save' | 'saveColumns'>, writes: RecordWrites, storage: Storage): BulkRows {
  return {
    read: (ids) => findSheets(db, ids),
    async set(record, changes) {
      const administratorId = currentRequest()?.administratorId ?? null;
      if (Object.keys(changes).every((field) => SHEET_COLUMN_FIELDS.some((column) => column.key === field))) {
        await sheets.saveColumns(record as SheetApi, changes, administratorId);
        return;
      }
      await sheets.save({ rawId: String(record.id), input: normalizeJsonForm(sheetSaveBody(record, changes), READING_SHEET_SCHEMA), files: [], administratorId });
    },
    async remove(id) {
      await removeBook(writes, storage, String(id));
    },
    matching: (query) => bookExportSource(db, query as BookListQuery),
  };
}
