import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { searchNormal } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import type { FilterDeclaration } from '../../../engine/filterDeclaration.js';
import { likePattern } from './namedListRepository.js';

/** A validated list query: each declared parameter's value (a number, a text or a list of numbers). */
export type FilterValues = Readonly<Record<string, unknown>>;

/** At most this many words of a `words` search are matched (a pasted paragraph stays cheap). */
const MAX_SEARCH_WORDS = 10;

/**
 * Accented letters and their base letter, for SQL `translate()`: a search over columns that have
 * no normalised `search_text` folds accents in SQL the way `searchNormal` does in JS (lower()
 * alone is not enough: under the C collation it only lowers ASCII).
 */
const ACCENT_FOLD = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code++) {
    const char = String.fromCodePoint(code);
    const base = char.normalize('NFD').replace(/\p{Diacritic}/gu, '');
    if (base.length === 1 && base !== char) {
      from += char;
      to += base;
    }
  }
  return { from, to };
})();

/** The words of a free-text search, normalised like `search_text`; none for a blank search. */
export function searchWords(search: string | undefined): string[] {
  return searchNormal(search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * The `to_tsquery` text of a free-text search, or undefined when it holds no word: its words (runs
 * of letters and digits, normalised like `search_text`), all required. The vectors searched hold
 * the beginnings of their title and author words (migration 0011), so a word being typed is found
 * by an exact lookup ('jard' finds 'Jardin'). The words hold no quote or operator, so the text is
 * always a valid query.
 */
function fulltextQuery(search: string | undefined): string | undefined {
  const words = searchNormal(search ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  return words.map((word) => `'${word}'`).join(' & ');
}

/** `vector @@ query` under the free text's `book_search` configuration (migration 0011). */
const fulltextMatch = (vector: SQL | PgColumn, query: string): SQL => sql`${vector} @@ to_tsquery('book_search', ${query})`;

/** The two tiers of a ranked free-text search: rows whose ranked vector holds every word, then the other matches. */
export interface RankedSearch {
  /** Every word in the ranked vector (a sheet's titles and authors): it implies the match. */
  first: SQL;
  /** The other matches: not `first`, and every word in the searched vector (with the report). */
  rest: SQL;
}

/**
 * The tiers of the ranked `fulltext` filters given in `values` (`filterConditions` with
 * `rankedApart` leaves them out), or undefined when none is given. The ranked vector holds a subset
 * of the searched one's words, so the first tier needs no test of the larger vector.
 */
export function rankedSearch(
  table: PgTable,
  filters: Readonly<Record<string, FilterDeclaration>>,
  values: FilterValues,
  options: { alias?: string } = {},
): RankedSearch | undefined {
  const ref = (property: string) => {
    const column = columnOf(table, property);
    return options.alias ? sql`${sql.identifier(options.alias)}.${sql.identifier(column.name)}` : column;
  };
  const firsts: SQL[] = [];
  const matches: SQL[] = [];
  for (const [param, filter] of Object.entries(filters)) {
    if (filter.op !== 'fulltext' || !filter.ranked || typeof filter.column !== 'string') continue;
    const query = fulltextQuery(typeof values[param] === 'string' ? values[param] : undefined);
    if (!query) continue;
    firsts.push(fulltextMatch(ref(filter.ranked), query));
    matches.push(fulltextMatch(ref(filter.column), query));
  }
  if (firsts.length === 0) return undefined;
  const first = sql.join(firsts, sql` and `);
  // The cheap test first: the ranked vector is small and in the row, the searched one is large and stored apart.
  return { first, rest: sql.join([sql`not (${first})`, ...matches], sql` and `) };
}

/** The column of `table` named by its drizzle property; throws on an unknown name (a declaration's typo). */
export function columnOf(table: PgTable, property: string): PgColumn {
  const column = (getTableColumns(table) as Record<string, PgColumn>)[property];
  if (!column) throw new Error(`No column "${property}" in table ${tableName(table)}`);
  return column;
}

/** The SQL name of a drizzle table. */
export const tableName = (table: PgTable): string => (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')] ?? '?';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The where-conditions of a list query, one per given parameter, from the list's filter
 * declarations (server/engine/declaration.ts): `search` as `like` on a normalised search
 * column (each word with `words`), `fulltext` as `@@` on a `tsvector`, `in` as `=` / `in (…)`, `overlaps` as `&& array[…]`, `atLeast`
 * as `>=` (0 adds nothing), `month` as `= 'YYYY-MM-01'`, `flag` 2/3 and `boolean` 1/0 as the column /
 * `not` it, `derived` as its declared condition.
 * With `alias`, columns are written `alias.column` (a statement that names the table `f`);
 * without, qualified by their table. With `rankedApart`, ranked `fulltext` filters are left to
 * `rankedSearch`. Tree filters must already hold their descendants.
 */
export function filterConditions(
  table: PgTable,
  filters: Readonly<Record<string, FilterDeclaration>>,
  values: FilterValues,
  options: { alias?: string; rankedApart?: boolean } = {},
): SQL[] {
  const ref = (property: string): SQL | PgColumn => {
    const column = columnOf(table, property);
    return options.alias ? sql`${sql.identifier(options.alias)}.${sql.identifier(column.name)}` : column;
  };
  const conditions: SQL[] = [];
  for (const [param, filter] of Object.entries(filters)) {
    const value = values[param];
    if (value === undefined || value === null) continue;
    if (filter.op === 'fulltext' && filter.ranked && options.rankedApart) continue;
    if (filter.op === 'derived') {
      if (filter.derived.text) {
        if (String(value).trim()) conditions.push(filter.derived.condition([String(value).trim()]));
        continue;
      }
      const list = [value].flat() as (string | number)[];
      if (list.length) conditions.push(filter.derived.condition([...new Set(list)]));
      continue;
    }
    if (typeof filter.column !== 'string') {
      const text = String(value).trim();
      if (filter.op === 'search' && text)
        conditions.push(
          foldedSearch(
            filter.column.map((property) => columnOf(table, property)),
            text,
          ),
        );
      continue;
    }
    const column = ref(filter.column);
    switch (filter.op) {
      case 'search': {
        const text = String(value).trim();
        if (!text) break;
        for (const term of filter.words ? searchWords(text) : [text]) conditions.push(sql`${column} like ${likePattern(term)}`);
        break;
      }
      case 'fulltext': {
        const query = fulltextQuery(String(value));
        if (query) conditions.push(fulltextMatch(column, query));
        break;
      }
      case 'in': {
        const list = [value].flat() as number[];
        if (list.length === 0) break;
        conditions.push(list.length === 1 ? sql`${column} = ${list[0]}` : sql`${column} in (${idList([...new Set(list)])})`);
        break;
      }
      case 'overlaps': {
        const list = [value].flat() as number[];
        if (list.length) conditions.push(sql`${column} && array[${idList([...new Set(list)])}]::integer[]`);
        break;
      }
      case 'atLeast':
        if (Number(value) > 0) conditions.push(sql`${column} >= ${Number(value)}`);
        break;
      case 'month':
        conditions.push(sql`${column} = ${`${String(value)}-01`}`);
        break;
      case 'flag':
        if (value === 2) conditions.push(sql`${column}`);
        if (value === 3) conditions.push(sql`not ${column}`);
        break;
      case 'boolean':
        conditions.push(value === 1 ? sql`${column}` : sql`not ${column}`);
        break;
    }
  }
  return conditions;
}

/**
 * A search over raw text columns (no normalised `search_text`): their texts joined by spaces,
 * lowered and accent-folded in SQL, contain the normalised term.
 */
function foldedSearch(columns: readonly PgColumn[], term: string): SQL {
  const text = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );
  return sql`lower(translate(${text}, ${ACCENT_FOLD.from}, ${ACCENT_FOLD.to})) like ${likePattern(term)}`;
}

/**
 * Genre or thematic ids with all their descendants (a filter on a parent matches its sub-genres).
 * Unknown ids are kept (they match nothing).
 */
export async function withDescendants(db: Db, table: 'genres' | 'thematics', ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select id from ${sql.identifier(table)} where id in (${idList(ids)})
      union
      select c.id from ${sql.identifier(table)} c join tree on c.parent_id = tree.id
    )
    select id from tree`);
  return [...new Set([...ids, ...(result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id))])];
}
