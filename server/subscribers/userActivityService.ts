import { DEFAULT_LOCALE, type Locale } from '../../common/locales.js';
import type { Paged } from '../../common/api.js';
import { SAVED_FILTER_CATEGORIES, type SavedSearchView as WireSavedSearchView } from '../../common/subscribers.js';
import type { Db } from '../db/client.js';
import { listCreditMovements, type CreditMovementRecord } from '../db/repositories/subscribers/creditRepository.js';
import { filterConditions } from '../db/repositories/engine/filterConditions.js';
import { listPlanRoles } from '../db/repositories/subscribers/planRepository.js';
import { categoryNames, listUserLibraries, listUserSavedSearches, type LibraryRecord } from '../db/repositories/subscribers/userActivityRepository.js';
import { listUserOptions, userExists, type UserOption } from '../db/repositories/subscribers/userRepository.js';
import { RATING_TYPES, users, type FilterTexts, type RatingsFilter, type RatingType, type SavedFilterCategory, type SavedFilters } from '../db/schema/index.js';
import { notFound } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import { parseId } from '../engine/resourceService.js';
import { fieldRulesOf, withoutHidden } from '../engine/fieldRules.js';
import type { SQL } from 'drizzle-orm';

/** The names of the rating types, as the reading sheet's form shows them. */
const RATING_NAMES: Record<RatingType, string> = {
  quality: 'Literary quality',
  concept: 'Concept',
  plot: 'Plot',
  characters: 'Characters',
  coherence: 'Coherence',
  emotions: 'Emotions',
  dialogues: 'Dialogues',
  commercial: 'Commercial',
};

/** The user's id from the path, 404 when it is no id or no user. */
async function existingUser(db: Db, rawId: string): Promise<number> {
  const id = parseId(rawId);
  if (id === undefined || !(await userExists(db, id))) throw notFound('User');
  return id;
}

/** `GET admin/users/libraries/{id}`: the user's libraries, paged, each with its books and their authors. */
export async function userLibraries(db: Db, rawId: string, query: { page?: number; perPage?: number }): Promise<Paged<LibraryRecord>> {
  const userId = await existingUser(db, rawId);
  const page = paging(query);
  const { rows, total } = await listUserLibraries(db, userId, page);
  return paged(rows, total, page);
}

/** `GET admin/users/{id}/credits`: the user's credit history, paged, newest first. */
export async function userCreditHistory(db: Db, rawId: string, query: { page?: number; perPage?: number }): Promise<Paged<CreditMovementRecord>> {
  const userId = await existingUser(db, rawId);
  const page = paging(query);
  const { rows, total } = await listCreditMovements(db, userId, page);
  return paged(rows, total, page);
}

/** A saved search as the user's search tab shows it. */
export type SavedSearchView = WireSavedSearchView<Date>;

/**
 * `GET admin/users/searches/{id}?lang=`: the user's saved searches, newest first, their filter ids
 * resolved to names on the server in `lang` (English by default, else the first filled locale).
 * An id whose record was deleted since is written with the text the front site saved for it, if any.
 */
export async function userSavedSearches(db: Db, rawId: string, query: { lang?: Locale }): Promise<{ data: SavedSearchView[] }> {
  const userId = await existingUser(db, rawId);
  const locale = query.lang ?? DEFAULT_LOCALE;
  const searches = await listUserSavedSearches(db, userId);
  const namesOf = await savedFilterNames(db, searches, locale);
  return {
    data: searches.map((search) => {
      const filterTexts: SavedSearchView['filter_texts'] = {};
      for (const [category, texts] of namesOf(search)) filterTexts[category] = texts.join(', ');
      return {
        id: search.id,
        title: search.title,
        text_search: search.textSearch,
        created_at: search.createdAt,
        saved_filters: search.savedFilters,
        filter_texts: filterTexts,
        ratingsFilter: savedRatings(search.ratingsFilter),
      };
    }),
  };
}

/**
 * The names of saved searches' filter ids, in `locale` (English by default, else the first filled
 * locale), looked up once for all of them: each search's filters as names per category, in the
 * order of SAVED_FILTER_CATEGORIES, empty categories left out. An id whose record was deleted since
 * is written with the text the front site saved for it, if any.
 */
export async function savedFilterNames(
  db: Db,
  searches: readonly { savedFilters: SavedFilters }[],
  locale: Locale,
): Promise<(search: { savedFilters: SavedFilters; filterTexts?: FilterTexts }) => [SavedFilterCategory, string[]][]> {
  const names = new Map<SavedFilterCategory, Map<number, string>>();
  for (const category of SAVED_FILTER_CATEGORIES) {
    const ids = [...new Set(searches.flatMap((search) => search.savedFilters[category] ?? []))];
    names.set(category, await categoryNames(db, category, ids, locale));
  }
  return (search) =>
    SAVED_FILTER_CATEGORIES.flatMap((category): [SavedFilterCategory, string[]][] => {
      const ids = search.savedFilters[category] ?? [];
      const saved = search.filterTexts?.[category] ?? [];
      const texts = ids.map((id, index) => names.get(category)?.get(id) ?? saved[index]).filter((text): text is string => Boolean(text));
      return texts.length ? [[category, texts]] : [];
    });
}

/** The ratings of a saved search as the API writes them: `{ id, name, rate }` in the order of the rating types. */
export const savedRatings = (ratings: RatingsFilter) =>
  RATING_TYPES.filter((type) => ratings[type] !== undefined).map((type) => ({ id: type, name: RATING_NAMES[type], rate: ratings[type]! }));

/** `GET admin/users/user-options-list`: users matching `search` (names, e-mail, company), the chosen `ids` first. */
export async function userOptions(
  db: Db,
  query: { search?: string; ids?: number[]; page?: number; perPage?: number },
  within?: SQL,
): Promise<Paged<UserOption>> {
  const page = paging(query);
  const [search] = filterConditions(users, { search: { column: 'searchText', op: 'search', words: true } }, query);
  const { rows, total } = await listUserOptions(db, { search, ids: [...new Set(query.ids ?? [])], paging: page, within });
  // An option names its user as the list shows them: without what the reader's roles hide.
  const rules = fieldRulesOf('users');
  return paged(rules ? rows.map((row) => withoutHidden(row, rules)) : rows, total, page);
}

/**
 * `GET admin/users/user-role-options-list`: the user groups a reporter can target (the plans:
 * essential, premium, vip) as `{ id, name }`, matching `search`, the chosen `ids` first; paged
 * like the other option lists (the pickers ask a page of them).
 */
export async function userRoleOptions(
  db: Db,
  query: { search?: string; ids?: number[]; page?: number; perPage?: number },
): Promise<Paged<{ id: number; name: string }>> {
  const page = paging(query);
  const rows = await listPlanRoles(db);
  const search = query.search?.trim().toLowerCase() ?? '';
  const chosen = new Set(query.ids ?? []);
  const data = rows.filter((row) => chosen.has(row.id) || row.name.toLowerCase().includes(search));
  const ordered = [...data.filter((row) => chosen.has(row.id)), ...data.filter((row) => !chosen.has(row.id))];
  return paged(ordered.slice(page.offset, page.offset + page.perPage), ordered.length, page);
}
