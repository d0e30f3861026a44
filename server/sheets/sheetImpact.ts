import type { Db } from '../db/client.js';
import { countSheets, findSheetLists, findSheetRowsAfter, type SheetLists } from '../db/repositories/sheets/sheetReadRepository.js';
import { compileFormValidator } from '../definitions/formValidator.js';
import { CRITERIA_KEYS, validateSheetInput } from './sheetSaveInput.js';
import { toSheetApi } from './sheetReadService.js';
import { IMPACT_MAX_RECORDS, yieldEvery, type ScreenImpact } from '../screens/screenImpact.js';

/**
 * A sheet's fields read from its lists (join tables), not from its row: measuring a change to one
 * of them reads every sheet's lists, so it is measured on the first IMPACT_SHEET_LISTS sheets.
 */
const LIST_FIELDS = new Set<string>([
  'seriesList',
  'authorList',
  'sourceList',
  'contactList',
  'reporterList',
  'genres',
  'primary_genre',
  'characters',
  'ratings',
  ...CRITERIA_KEYS,
]);

/** Sheets measured when a changed field is read from the sheets' lists (about a dozen reads a sheet). */
const IMPACT_SHEET_LISTS = 2000;

const PAGE = 500;
const FIRST = 20;
const NO_LISTS: SheetLists = {
  series: [],
  authorRows: [],
  sources: [],
  contactRows: [],
  reporterRows: [],
  genreRows: [],
  criteriaRows: [],
  characterRows: [],
  ageRows: [],
  ratingRows: [],
  fileRows: [],
};

type Json = Record<string, unknown>;
const properties = (schema: Json): Json => (schema.properties ?? {}) as Json;
const requiredOf = (schema: Json): string[] => (Array.isArray(schema.required) ? (schema.required as string[]) : []);

/** The top-level fields whose rules differ between two schemas (all of them when the root's rules differ). */
function changedFields(current: Json, next: Json): Set<string> {
  const rest = (schema: Json) => JSON.stringify(Object.entries(schema).filter(([key]) => !['properties', 'required', 'title', 'description'].includes(key)));
  const names = Object.keys(properties(next));
  if (rest(current) !== rest(next)) return new Set(names);
  return new Set(
    names.filter(
      (name) =>
        JSON.stringify(properties(current)[name]) !== JSON.stringify(properties(next)[name]) ||
        requiredOf(current).includes(name) !== requiredOf(next).includes(name),
    ),
  );
}

/** A value without its nulls (a sheet's unset fields), as the editor sends it back. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, withoutNulls(item)]),
  );
}

/**
 * How many stored reading sheets a new schema of the editor would refuse on their next save:
 * each sheet as the editor reads it (GET admin/books/{id}) is checked as its save checks it
 * (`validateSheetInput`) with the schema in use and the new one, and counts when the new one refuses a field the change touched that the one in use
 * accepts. Every sheet up to IMPACT_MAX_RECORDS (their rows, by id); when a changed field is one
 * of a sheet's lists, the first IMPACT_SHEET_LISTS, and the answer says it is a sample.
 */
export async function sheetImpact(db: Db, current: Json, next: Json): Promise<ScreenImpact> {
  const changed = changedFields(current, next);
  const result: ScreenImpact = { refused: 0, measured: 0, total: await countSheets(db), sample: false, first: [] };
  if (changed.size === 0) {
    // Only texts changed: no sheet can be refused by it.
    result.measured = result.total;
    return result;
  }
  const validateCurrent = compileFormValidator(current);
  const validateNext = compileFormValidator(next);
  const withLists = [...changed].some((field) => LIST_FIELDS.has(field));
  const limit = withLists ? IMPACT_SHEET_LISTS : IMPACT_MAX_RECORDS;
  const fields = Object.keys(properties(next));
  const touched = (key: string) => changed.has(key.split('.')[0]!);
  let after = 0;
  while (result.measured < limit) {
    const rows = await findSheetRowsAfter(db, after, Math.min(PAGE, limit - result.measured));
    for (const row of rows) {
      // The requests are read-only: a schema change cannot refuse them.
      const sheet = toSheetApi(row, { ...(withLists ? await findSheetLists(db, row.book.id) : NO_LISTS), requestRows: [] });
      const body = withoutNulls(Object.fromEntries(fields.filter((field) => sheet[field] !== undefined).map((field) => [field, sheet[field]])));
      result.measured++;
      await yieldEvery(result.measured);
      const before = validateSheetInput(body, validateCurrent) ?? {};
      const refused = Object.entries(validateSheetInput(body, validateNext) ?? {}).filter(
        ([key, messages]) => touched(key) && messages.some((message) => !before[key]?.includes(message)),
      );
      if (refused.length === 0) continue;
      result.refused++;
      const [key, messages] = refused[0]!;
      if (result.first.length < FIRST) result.first.push({ id: row.book.id, reason: `${key}: ${messages[0]}` });
    }
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.book.id;
  }
  result.sample = result.measured < result.total;
  return result;
}
