import { acceptedListParams, recordedFields, returnedFields, settableFields, writableFields, type ResourceSurface } from '../engine/declaration.js';
import { RESOURCES } from '../resources/index.js';
import { readingSheetList, readingSheetRecord } from '../resources/readingSheets.js';
import { UTILITY_LISTS, utilityFields } from '../engine/utilityLists.js';

/** What one list endpoint of the API serves, as a screen definition may use it. */
export interface ServedList {
  /** The query parameters it accepts. */
  params: readonly string[];
  /** The fields of each row. */
  fields: readonly string[];
  /** The declared resource behind it, when there is one (its fields, writes and search). */
  surface?: ResourceSurface;
  /** The declared single record and its save, when it is not `surface` (the sheets': their list is a projection of its own). */
  record?: ResourceSurface;
  /** The fields a bulk `set` may write on its rows (a save's, or an action's of their own). */
  settable?: readonly string[];
  /** The fields whose change a revision of its rows shows (a bulk `set` writes no other); absent: every field a save writes. */
  recorded?: readonly string[];
}

/** The reading-sheet picker's list (`GET admin/books/options`, server/routes/sheetListRoutes.ts). */
const BOOK_OPTIONS: ServedList = { params: ['page', 'perPage', 'search', 'ids'], fields: ['id', 'original_title', 'authorList'] };

/** The user picker's list (`GET admin/users/user-options-list`, server/routes/userRoutes.ts; SPEC §7). */
const USER_OPTIONS: ServedList = { params: ['page', 'perPage', 'search', 'ids'], fields: ['id', 'name', 'fullname', 'email'] };

/** The user groups a reporter targets (`GET admin/users/user-role-options-list`, server/routes/userRoutes.ts): the plans. */
const USER_ROLE_OPTIONS: ServedList = { params: ['page', 'perPage', 'search', 'ids'], fields: ['id', 'name'] };

/**
 * Every list endpoint under `/api/admin/`, by path (`genres`, `utilities/languages`), with what it
 * accepts and returns: the declared resources, the reading sheets and their picker, and the
 * utility lists. Built from the same declarations the routes are built from.
 */
export function servedLists(resources: readonly ResourceSurface[] = RESOURCES): Map<string, ServedList> {
  const lists = new Map<string, ServedList>();
  for (const surface of resources) {
    lists.set(surface.api, {
      params: acceptedListParams(surface),
      fields: returnedFields(surface, 'list'),
      surface,
      settable: settableFields(surface),
      recorded: recordedFields(surface),
    });
  }
  // The sheets' list is a surface of its own (its facets' projection); what a bulk action sets is the record's.
  lists.set(readingSheetList.api, {
    params: acceptedListParams(readingSheetList),
    fields: returnedFields(readingSheetList, 'list'),
    surface: readingSheetList,
    record: readingSheetRecord,
    settable: settableFields(readingSheetRecord),
    recorded: recordedFields(readingSheetRecord),
  });
  lists.set('books/options', BOOK_OPTIONS);
  lists.set('users/user-options-list', USER_OPTIONS);
  lists.set('users/user-role-options-list', USER_ROLE_OPTIONS);
  for (const [name, list] of Object.entries(UTILITY_LISTS)) lists.set(`utilities/${name}`, { params: [], fields: utilityFields(list) });
  return lists;
}

/** The fields of a declared resource's single record and those a body may write. */
export function recordFields(surface: ResourceSurface): { returned: string[]; writable: string[] } {
  return { returned: returnedFields(surface, 'record'), writable: writableFields(surface) };
}
