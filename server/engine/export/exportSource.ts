import { cellText, type CellValue } from '../../../common/cellText.js';
import { fieldRulesOf } from '../fieldRules.js';
import type { ApiRecord, ListQuery } from '../../../common/api.js';
import type { ListColumn, ScreenDefinition } from '../../../common/screenDefinition.js';
import type { ValueWords } from '../../../common/valueText.js';
import { choosableColumns, shownColumns } from '../../../common/viewColumns.js';
import { englishText } from '../../definitions/englishLabels.js';
import { unprocessable } from '../../http/errors.js';
import type { ListContract } from '../listContracts.js';
import { richTextToPlain } from '../richText.js';
import type { ResourceService } from '../resourceService.js';
import { viewColumnProblems, viewTarget } from '../views/viewQuery.js';

/** Every row of a filtered list, for an export: how many there are, then the rows in the list's order, a batch at a time. */
export interface ExportSource<Row = ApiRecord> {
  total: number;
  batches(): AsyncGenerator<Row[]>;
}

/** A column of an export: its header in staff's words and the list column whose cell it writes. */
export interface ExportColumn {
  header: string;
  column: ListColumn;
}

/** The English texts and the stored rich text's words: what the cells say on the server. */
const SERVER_WORDS: ValueWords = { t: englishText, htmlText: richTextToPlain };

/** The parameters of a list's address an export sets aside: it writes every matching row, whatever page the list shows. */
const PAGE_PARAMS = ['page', 'perPage', 'after', 'before'] as const;

/** A query without its paging (`PAGE_PARAMS`). */
function withoutPaging<Query extends Record<string, unknown>>(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([param]) => !(PAGE_PARAMS as readonly string[]).includes(param))) as Query;
}

/** How many records of a declared list an export reads at a time. */
export const RESOURCE_EXPORT_BATCH = 2000;

/**
 * Every row of a resource's list matching `query` (its page set aside), in the list's own order,
 * `RESOURCE_EXPORT_BATCH` at a time, each batch walked on from the last one's position (keyset:
 * the 300th batch costs what the first does, and a row deleted meanwhile shifts no other).
 */
export function resourceExportSource(service: ResourceService, query: ListQuery, size = RESOURCE_EXPORT_BATCH): Promise<ExportSource> {
  return service.scan(withoutPaging(query), size);
}

/**
 * The columns an export writes: those the list shows (`chosen`, the keys of the address's
 * `columns`, as a saved view keeps them), else the screen's own; headers as the screen names them.
 * A key that is neither one of the screen's columns nor one it offers (`list.columnChoices`) is a
 * 422 keyed `columns`.
 */
export function exportColumns(contract: ListContract, screen: ScreenDefinition | undefined, chosen: readonly string[]): ExportColumn[] {
  const problems = viewColumnProblems(viewTarget(contract, screen), chosen);
  if (problems.length) throw unprocessable({ columns: problems });
  // A column of a field the reader's roles hide is not in their file, as it is not in their list.
  const hidden = fieldRulesOf(contract.api)?.hidden;
  const columns = shownColumns(choosableColumns(screen?.list?.columns ?? [], screen?.list?.columnChoices), chosen).filter(
    (column) => !hidden?.has(column.field),
  );
  return columns.map((column) => ({ header: englishText(column.header), column }));
}

/** One row as the export writes it: each column's cell in staff's words. */
export const exportCells = (columns: readonly ExportColumn[], row: Readonly<Record<string, unknown>>): CellValue[] =>
  columns.map(({ column }) => cellText(column, row, SERVER_WORDS));
