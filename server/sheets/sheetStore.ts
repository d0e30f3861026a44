import type { FastifyBaseLogger } from 'fastify';
import type { ApiRecord } from '../../common/api.js';
import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';
import { countSheetDemands, deleteSheet, sheetStoredKeys } from '../db/repositories/sheets/sheetDeleteRepository.js';
import { sheetWriteRepository, type SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import { books } from '../db/schema/index.js';
import type { CustomResourceDefinition, ResourceStore } from '../engine/resourceTypes.js';
import { conflict } from '../http/errors.js';
import { currentRequest } from '../http/requestContext.js';
import { readingSheetRecord } from '../resources/readingSheets.js';
import { runAfterCommit, type SheetSavedEvent, type SheetSaveHooks } from './sheetSaveEvents.js';
import { sheetBodyRules, type SheetInput } from './sheetSaveInput.js';
import { listSheetPage, sheetExportSource, sheetRowsWhere, SHEET_IN_USE_MESSAGE, type SheetListQuery } from './sheetListService.js';
import { sheetsWithin } from '../db/repositories/sheets/sheetReachRepository.js';
import { sheetFormRecords } from './sheetFormRecords.js';
import { findSheet, findSheets, getSheet } from './sheetReadService.js';
import { SHEET_COLUMN_FIELDS } from './sheetColumnFields.js';
import { saveMessage } from './sheetSaveMessage.js';
import { writeSheet, writeSheetColumns } from './sheetSaveWrite.js';

/** What the sheets' store is built from: what follows a save (the followers' notification), and its write steps (tests make one fail). */
export interface SheetStoreOptions {
  hooks?: SheetSaveHooks;
  repository?: SheetWriteRepository;
  log?: FastifyBaseLogger;
}

/**
 * The reading sheets' store behind the engine's port: their list over the facets projection
 * (cursors, bounded counts: docs/books-list.md) is its own query; a record is read with its lists,
 * files and requests; a save writes the row and every list in the write path's transaction
 * (server/sheets/sheetSaveWrite.ts), the files it replaces removed after the commit; a delete
 * takes everything the sheet owns, refused while requests point at it.
 */
function sheetStore({ hooks = {}, repository = sheetWriteRepository }: SheetStoreOptions = {}): ResourceStore {
  const writer = { repo: repository, hooks };
  return {
    query: {
      page: (db, query, within) => listSheetPage(db, query as SheetListQuery, within) as never,
      scan: async (db, query, _size, within) => {
        const source = await sheetExportSource(db, query as SheetListQuery, within);
        return { total: source.total, batches: source.batches as () => AsyncGenerator<ApiRecord[]> };
      },
      rowsWhere: sheetRowsWhere,
      within: sheetsWithin,
    },
    exists: sheetExists,
    formRecords: sheetFormRecords,
    find: (db, id) => findSheet(db, id),
    findMany: findSheets,
    // A bulk action's change to columns of the sheet (its statuses, a title) writes them alone, not its lists.
    fieldsAlone: {
      fields: new Set(SHEET_COLUMN_FIELDS.map((column) => column.key)),
      async save(tx, record, body, changed) {
        const version = record.version as number;
        const administratorId = currentRequest()?.administratorId ?? null;
        const written = await writeSheetColumns(tx, writer, record.id as number, version, body as SheetInput, changed, administratorId);
        return { ...written.view, version: version + 1 };
      },
    },
    async save(tx, id, body, files, context) {
      const administratorId = currentRequest()?.administratorId ?? null;
      const written = await writeSheet(tx, writer, id, body as SheetInput, files, administratorId, id === undefined ? context.recreate : undefined);
      for (const key of written.replaced) context.afterCommit(() => context.storage.remove(key));
      return getSheet(tx, written.event.bookId);
    },
    async remove(tx, id, context) {
      const stored = await sheetStoredKeys(tx, id, { lock: true });
      if (!stored) return false;
      if ((await countSheetDemands(tx, id)) > 0) throw conflict(SHEET_IN_USE_MESSAGE);
      await deleteSheet(tx, id);
      // The rows are gone: a file that cannot be removed now is only an orphan on disk, never a broken sheet.
      for (const key of stored) context.afterCommit(() => context.storage.remove(key));
      return true;
    },
  };
}

/**
 * The reading sheet as a resource of the one engine (server/engine/declaredService.ts serves it):
 * its declaration (server/resources/readingSheets.ts), its store, the rules of its body the schema
 * cannot express, its JSON bodies read as its multipart form is, and, once a save committed, the
 * followers' notification the answer tells of (`withNotification`: 0 or 1).
 */
export function sheetResource(options: SheetStoreOptions = {}): CustomResourceDefinition {
  const hooks = options.hooks ?? {};
  return {
    ...readingSheetRecord,
    table: books,
    store: sheetStore(options),
    inUseMessage: SHEET_IN_USE_MESSAGE,
    ownRoutes: true,
    bodyRules: sheetBodyRules,
    formBody: true,
    async afterSave({ record, body, created }) {
      const event: SheetSavedEvent = {
        bookId: record.id as number,
        created,
        version: record.version as number,
        withNotification: body.withNotification === 1,
        administratorId: currentRequest()?.administratorId ?? null,
      };
      const after = await runAfterCommit(hooks, event, options.log);
      return { message: saveMessage(event, after), answer: { withNotification: event.withNotification ? 1 : 0 } };
    },
  };
}
