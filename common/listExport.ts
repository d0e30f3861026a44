/** The files a list exports to (`GET admin/{api}/export?format=`). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The answer's header that says how many rows an export holds, before the first one arrives (its progress). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';

/** The parameter of an export that names the columns it writes: their keys (common/viewColumns.ts `columnKey`) joined by commas. */
export const EXPORT_COLUMNS_PARAM = 'columns';
