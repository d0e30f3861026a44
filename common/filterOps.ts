/**
 * How a list's query parameter matches rows:
 * - `search`: the normalised text occurs in the column (`like`, case- and accent-insensitive);
 *   `words` makes every word of the text occur, in any order;
 * - `fulltext`: the words occur in a `tsvector` column (`book_search` configuration: accents and
 *   case folded), every word; `ranked` names a vector whose matches come first;
 * - `in`: the column equals one of the values (`many`) or the value;
 * - `overlaps`: an id-array column shares at least one of the values;
 * - `atLeast`: the column is at least the value (minimum stars; 0 matches everything);
 * - `month`: a date column falls on the first day of the month given as `YYYY-MM`;
 * - `flag`: a boolean column, the value 1 (any), 2 (true) or 3 (false): SPEC's series filter;
 * - `boolean`: a boolean column, the value 1 (true) or 0 (false);
 * - `derived`: what no column of the table holds (a user's subscription state, a request's user or
 *   sheet): the condition is built by the repository layer (`DerivedFilter`), from values it
 *   lists, from ids, or from a free text.
 */
export const FILTER_OPS = ['search', 'fulltext', 'in', 'overlaps', 'atLeast', 'month', 'flag', 'boolean', 'derived'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
