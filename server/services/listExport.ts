import { cellText, type CellValue } from '../../common/cellText.js';
import type { ApiRecord, ListQuery } from '../../common/api.js';
import type { ListColumn, ScreenDefinition } from '../../common/screenDefinition.js';
import type { ValueWords } from '../../common/valueText.js';
import { choosableColumns, shownColumns } from '../../common/viewColumns.js';
import { englishText } from '../definitions/englishLabels.js';
import { unprocessable } from '../http/errors.js';
import { MAX_PER_PAGE } from '../http/paging.js';
import type { ListContract } from '../resources/listContracts.js';
import { richTextToPlain } from '../resources/richText.js';
import type { ResourceService } from './resourceService.js';
import { viewColumnProblems, viewTarget } from './viewQuery.js';

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
export const SERVER_WORDS: ValueWords = { t: englishText, htmlText: richTextToPlain };

/** The parameters of a list's address an export sets aside: it writes every matching row, whatever page the list shows. */
export const PAGE_PARAMS = ['page', 'perPage', 'after', 'before'] as const;

/** A query without its paging (`PAGE_PARAMS`). */
export function withoutPaging<Query extends Record<string, unknown>>(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([param]) => !(PAGE_PARAMS as readonly string[]).includes(param))) as Query;
}

/**
 * Every row of a resource's list matching `query`, page after page of the most the list gives at
 * once, in the list's own order.
 */
export async function resourceExportSource(service: ResourceService, query: ListQuery): Promise<ExportSource> {
  const filters = withoutPaging(query);
  const first = await service.list({ ...filters, page: 1, perPage: MAX_PER_PAGE });
  return {
    total: first.meta.total,
    async *batches() {
      let page = first;
      for (;;) {
        if (page.data.length) yield page.data;
        if (page.data.length < MAX_PER_PAGE || page.meta.current_page >= page.meta.last_page) return;
        page = await service.list({ ...filters, page: page.meta.current_page + 1, perPage: MAX_PER_PAGE });
      }
    },
  };
}

/**
 * The columns an export writes: those the list shows (`chosen`, the keys of the address's
 * `columns`, as a saved view keeps them), else the screen's own; headers as the screen names them.
 * A key that is neither one of the screen's columns nor a field of the list's rows is a 422 keyed `columns`.
 */
export function exportColumns(contract: ListContract, screen: ScreenDefinition | undefined, chosen: readonly string[]): ExportColumn[] {
  const problems = viewColumnProblems(viewTarget(contract, screen), chosen);
  if (problems.length) throw unprocessable({ columns: problems });
  const declared = screen?.list?.columns ?? [];
  const columns = shownColumns(choosableColumns(declared, contract.fields), chosen);
  // A declared column's header is a text key; another field's is its name in words already.
  const keys = new Set(declared.map((column) => column.header));
  return columns.map((column) => ({ header: keys.has(column.header) ? englishText(column.header) : column.header, column }));
}

/** One row as the export writes it: each column's cell in staff's words. */
export const exportCells = (columns: readonly ExportColumn[], row: Readonly<Record<string, unknown>>): CellValue[] =>
  columns.map(({ column }) => cellText(column, row, SERVER_WORDS));
