import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import type { SheetWriteRepository } from '../db/repositories/sheets/sheetWriteRepository.js';
import {
  adaptationBudgets,
  authors,
  authorTypes,
  bookStatuses,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  companies,
  contacts,
  countries,
  formats,
  languages,
  reporters,
  rightsStatuses,
  times,
} from '../db/schema/index.js';
import type { SheetInput } from './sheetSaveInput.js';
import { unknownIdSetIds } from '../engine/idSets.js';
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

const SCALAR_REFERENCES = {
  original_country_id: { table: countries, column: countries.id, label: 'original country' },
  language_id: { table: languages, column: languages.id, label: 'language' },
  status_id: { table: bookStatuses, column: bookStatuses.id, label: 'status' },
  rights_status_id: { table: rightsStatuses, column: rightsStatuses.id, label: 'rights status' },
  time_id: { table: times, column: times.id, label: 'time' },
  format_id: { table: formats, column: formats.id, label: 'format' },
  company_id: { table: companies, column: companies.id, label: 'publishing house' },
  adaptation_budget_id: { table: adaptationBudgets, column: adaptationBudgets.id, label: 'adaptation budget' },
} as const;

/** Every id a sheet refers to, with the dotted key an unknown one is reported on. */
function referencesOf(sheet: SheetInput): Reference[] {
  const refs: Reference[] = [];
  const add = (key: string, id: number | undefined, target: Target) => {
    if (id !== undefined) refs.push({ key, id, ...target });
  };
  for (const [key, target] of Object.entries(SCALAR_REFERENCES)) add(key, sheet[key as keyof typeof SCALAR_REFERENCES], target);
  sheet.authorList?.forEach((author, i) => {
    add(`authorList.${i}.id`, author.id, { table: authors, column: authors.id, label: 'author' });
    add(`authorList.${i}.type`, author.type, { table: authorTypes, column: authorTypes.id, label: 'author type' });
  });
  sheet.contactList?.forEach((contact, i) => add(`contactList.${i}.id`, contact.id, { table: contacts, column: contacts.id, label: 'contact' }));
  sheet.reporterList?.forEach((reporter, i) => add(`reporterList.${i}.id`, reporter.id, { table: reporters, column: reporters.id, label: 'reporter' }));
  sheet.sourceList?.forEach((source, i) => add(`sourceList.${i}.id`, source.id, { table: contacts, column: contacts.id, label: 'contact' }));
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
  // Its genres and criteria: the engine's id sets, checked as their declaration says.
  return { ...errors, ...(await unknownIdSetIds(tx, READING_SHEET_FIELDS, sheet as Record<string, unknown>)) };
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
