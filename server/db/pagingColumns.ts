/** One page of a list, as a repository reads it: `page` from 1, `perPage` rows, from `offset`. */
export interface Paging {
  page: number;
  perPage: number;
  offset: number;
}
