import { RESOURCES } from '../resources/index.js';
import { namedStore } from '../engine/namedStore.js';
import { SHEET_RESOURCE } from '../resources/readingSheets.js';
import { isCustom } from '../engine/resourceTypes.js';
import type { IdTable } from '../db/repositories/engine/declaredRepository.js';
import { declaredHistory } from '../engine/history/recordHistory.js';
import { SHEET_HISTORY } from '../sheets/sheetHistory.js';
import type { RecordWrites } from '../engine/recordWrites.js';

/** Keeps the history of every resource and of the reading sheets, each derived from its declaration. */
export function keepRecordHistory(writes: RecordWrites): void {
  for (const definition of RESOURCES) {
    writes.keepHistory(
      definition.api,
      declaredHistory(definition, isCustom(definition) ? definition.store : namedStore(definition), definition.table as IdTable),
    );
  }
  writes.keepHistory(SHEET_RESOURCE, SHEET_HISTORY);
}
