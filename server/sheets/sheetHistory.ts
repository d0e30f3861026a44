import type { Json, Snapshot } from '../../common/recordChanges.js';
import { SHEET_SAVE_OPTIONS } from '../resources/readingSheets.js';
import readingSheetSchema from '../../schemas/books/readingSheet.schema.json' with { type: 'json' };
import { sheetExists } from '../db/repositories/sheets/sheetReadRepository.js';
import { findSheet, type SheetApi } from './sheetReadService.js';
import type { Restorer } from '../engine/history/historyService.js';
import type { ResourceService } from '../engine/resourceService.js';
import { fileView, type HistorySubject } from '../engine/history/recordHistory.js';

/** The sheet's file lists, as its answer carries them: a revision keeps each file's name and size. */
const SHEET_FILE_LISTS = ['documentList', 'coverList', 'videoList'] as const;

/** What a revision keeps of a reading sheet: the fields its save writes (its form schema's, as stored), and its files. */
const SHEET_HISTORY_FIELDS: readonly string[] = Object.keys(readingSheetSchema.properties).filter(
  (field) => field !== 'version' && !(SHEET_SAVE_OPTIONS as readonly string[]).includes(field),
);

/** The body of a save of a sheet as read (`GET admin/books/{id}`) with `changes`: its form's fields, its version, the changes over them. */
export function sheetSaveBody(sheet: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return {
    ...Object.fromEntries(SHEET_HISTORY_FIELDS.filter((field) => field in sheet).map((field) => [field, sheet[field]])),
    version: sheet.version,
    ...changes,
  };
}

/** A sheet as its history sees it. */
export function sheetView(sheet: SheetApi): Snapshot {
  const view: Snapshot = Object.fromEntries(SHEET_HISTORY_FIELDS.map((field) => [field, (sheet[field] ?? null) as Json]));
  // A character's `key` is its id's, for the editor.
  if (Array.isArray(view.characters))
    view.characters = view.characters.map((character) => Object.fromEntries(Object.entries(character as object).filter(([key]) => key !== 'key')) as Json);
  for (const list of SHEET_FILE_LISTS) view[list] = ((sheet[list] ?? []) as unknown[]).map(fileView);
  view.manuscript = fileView(sheet.manuscript);
  return view;
}

/** The reading sheets' history: the editor's form names their fields. */
export const SHEET_HISTORY: HistorySubject = {
  screen: 'readingSheet',
  exists: sheetExists,
  async read(db, id) {
    const sheet = await findSheet(db, id, { requests: false });
    return sheet && sheetView(sheet);
  },
};

/**
 * The sheet's lists whose items are rows of its own (their id is sent back for a kept item, absent
 * for a new one: schemas/books/readingSheet.schema.json); the others' ids name other records.
 */
const OWN_ROWS: readonly string[] = ['characters', 'seriesList'];

/** A list of the sheet's own rows brought back: an item whose row has gone since is written anew (no id). */
function ownRows(restored: unknown, current: unknown): unknown {
  const kept = new Set(((current ?? []) as { id?: number }[]).map((item) => item.id));
  return ((restored ?? []) as { id?: number }[]).map(({ id, ...item }) => (id !== undefined && kept.has(id) ? { id, ...item } : item));
}

/** How a restore writes a sheet back: its form's fields, as a JSON body of the editor's, through its save. */
export function sheetRestorer(service: ResourceService): Restorer {
  return {
    restorable: (field) => SHEET_HISTORY_FIELDS.includes(field),
    bodies: (restored, current) => [
      Object.fromEntries(SHEET_HISTORY_FIELDS.map((field) => [field, OWN_ROWS.includes(field) ? ownRows(restored[field], current?.[field]) : restored[field]])),
    ],
    // Through the engine's save: the body read as the editor's JSON is (`formBody`).
    save: (recordId, body, options) => service.save(recordId === undefined ? undefined : String(recordId), body, [], options),
  };
}
