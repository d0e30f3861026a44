import type { SQL } from 'drizzle-orm';
import type { FilterOp } from '../../common/filterOps.js';

/**
 * The vocabulary of a list's filters, as resources declare them: read by the services that
 * validate a list query and by the repositories that turn it into SQL (filterConditions.ts).
 */

export type { FilterOp } from '../../common/filterOps.js';

/**
 * The condition of a `derived` filter, written in the repository layer beside the SQL it reads
 * (e.g. `server/db/repositories/subscribers/subscriptionState.ts`), so a declaration names it and no route
 * special-cases it.
 */
export interface DerivedFilter {
  /** The values the parameter takes (a text enum); absent, it takes ids (integers from 1). */
  values?: readonly string[];
  /** The parameter is a free text (a search, at most 200 characters); a blank one adds no condition. */
  text?: boolean;
  /** The rows matching any of the values given (one or several, as the declaration's `many` allows). */
  condition(values: readonly (string | number)[]): SQL;
}

/** One accepted query parameter of a list: a column and an operator, or a derived condition. */
export type FilterDeclaration = ColumnFilter | DerivedFilterDeclaration;

/** A parameter matched against a column of the list's table. */
interface ColumnFilter {
  /**
   * The column it filters (drizzle property name of the list's table). For `search`, a normalised
   * `search_text` column, or a list of raw text columns, joined and accent-folded at query time.
   */
  column: string | readonly string[];
  op: Exclude<FilterOp, 'derived'>;
  /** Several values accepted (`p=1&p=2` or `p[]=1&p[]=2`), a row matching any of them. */
  many?: boolean;
  /** `search` only: every word must occur, instead of the whole text. */
  words?: boolean;
  /** `fulltext` only: a vector column of some of the same words; rows matching in it come first (`rankedSearch`). */
  ranked?: string;
  /** Ids of a parent_id tree: a filter on a node also matches its descendants. */
  tree?: 'genres' | 'thematics';
  /** Bounds of an integer value (ids: 1 to the integer maximum by default; `atLeast`: required). */
  minimum?: number;
  maximum?: number;
  derived?: never;
}

/** A parameter matched by a condition the repository layer builds (`op: 'derived'`). */
interface DerivedFilterDeclaration {
  op: 'derived';
  derived: DerivedFilter;
  /** Several values accepted, a row matching any of them. */
  many?: boolean;
  column?: never;
  words?: never;
  ranked?: never;
  tree?: never;
  minimum?: never;
  maximum?: never;
}
