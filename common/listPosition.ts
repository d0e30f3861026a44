/**
 * The parameters of a list's address that say where the reader is, not what the list shows: any
 * change of search, filter or page size starts again from the first page, and no saved view keeps them.
 */
export const POSITION_PARAMS = ['page', 'after', 'before'] as const;

/** Whether a list parameter is one of POSITION_PARAMS. */
export const isPositionParam = (param: string): boolean => (POSITION_PARAMS as readonly string[]).includes(param);
