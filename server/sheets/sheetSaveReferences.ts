import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import { characterAges, characterFunctions, characterGenders, characterTopologies, countries, reporters } from '../db/schema/index.js';
import type { SheetInput } from './sheetSaveInput.js';
import { unknownRelationIds } from '../engine/writableRelations.js';
import { declaredReferences, referenceErrors } from '../engine/referenceChecks.js';
import { READING_SHEET_FIELDS } from '../resources/readingSheets.js';

/** One reference a sheet makes: the error key, the id, and what it points at. */
interface Reference {
  key: string;
  id: number;
  table: PgTable;
  column: PgColumn;
  label: string;
}

type Target = Omit<Reference, 'key' | 'id'>;

/** Every id a sheet's own lists refer to, with the dotted key an unknown one is reported on (its columns' and its declared relations' are the engine's). */
function referencesOf(sheet: SheetInput): Reference[] {
  const refs: Reference[] = [];
  const add = (key: string, id: number | undefined, target: Target) => {
    if (id !== undefined) refs.push({ key, id, ...target });
  };
  sheet.reporterList?.forEach((reporter, i) => add(`reporterList.${i}.id`, reporter.id, { table: reporters, column: reporters.id, label: 'reporter' }));
  sheet.characters?.forEach((character, i) => {
    add(`characters.${i}.function`, character.function, { table: characterFunctions, column: characterFunctions.id, label: 'function' });
    add(`characters.${i}.gender`, character.gender, { table: characterGenders, column: characterGenders.id, label: 'gender' });
    add(`characters.${i}.country`, character.country, { table: countries, column: countries.id, label: 'country' });
    add(`characters.${i}.topology`, character.topology, { table: characterTopologies, column: characterTopologies.id, label: 'topology' });
    character.ages?.forEach((id, j) => add(`characters.${i}.ages.${j}`, id, { table: characterAges, column: characterAges.id, label: 'age' }));
  });
  return refs;
}

/** Every referenced id of the sheet that does not exist, as field errors (one query per table). */
export async function unknownReferences(repo: SheetWriteRepository, tx: Db, sheet: SheetInput): Promise<FieldErrors> {
  const byTable = new Map<PgTable, Reference[]>();
  for (const ref of referencesOf(sheet)) (byTable.get(ref.table) ?? byTable.set(ref.table, []).get(ref.table)!).push(ref);
  const errors: FieldErrors = {};
  for (const [table, tableRefs] of byTable) {
    const found = await repo.existingIds(
      tx,
      table,
      tableRefs[0]!.column,
      tableRefs.map((ref) => ref.id),
    );
    for (const ref of tableRefs) if (!found.has(ref.id)) errors[ref.key] = [`The selected ${ref.label} does not exist.`];
  }
  // Its id columns and the relations its declaration says as data (genres, criteria, authors, sources, contacts), checked as declared.
  const body = sheet as Record<string, unknown>;
  return {
    ...(await referenceErrors(tx, declaredReferences(READING_SHEET_FIELDS, body))),
    ...errors,
    ...(await unknownRelationIds(tx, READING_SHEET_FIELDS, body)),
  };
}

/** Series items and characters sent with an id must be this sheet's (`bookId`; none on a create), each once. */
export async function foreignChildren(repo: SheetWriteRepository, tx: Db, bookId: number | undefined, sheet: SheetInput): Promise<FieldErrors> {
  const owned = bookId === undefined ? { series: new Set<number>(), characters: new Set<number>() } : await repo.childIds(tx, bookId);
  const errors: FieldErrors = {};
  const check = (list: readonly { id?: number }[] | undefined, ids: Set<number>, key: string, what: string) => {
    const seen = new Set<number>();
    list?.forEach((item, i) => {
      if (item.id === undefined) return;
      if (!ids.has(item.id)) errors[`${key}.${i}.id`] = [`This ${what} is not on this reading sheet.`];
      else if (seen.has(item.id)) errors[`${key}.${i}.id`] = [`This ${what} is listed twice.`];
      seen.add(item.id);
    });
  };
  check(sheet.seriesList, owned.series, 'seriesList', 'series item');
  check(sheet.characters, owned.characters, 'characters', 'character');
  return errors;
}
