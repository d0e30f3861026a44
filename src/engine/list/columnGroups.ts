import type { ListColumn } from '../../../common/screenDefinition';

/** One column of the table as shown: a declared column, with those stacked under it at this width. */
export type ColumnGroup = readonly [ListColumn, ...ListColumn[]];

/**
 * The table's columns at a list width: a column declaring `stackBelow` goes under the column before
 * it (in the same cell and header) while the list is narrower than that; otherwise each declared
 * column is its own. An unknown width (not measured yet, no layout) stacks nothing.
 */
export function columnGroups(columns: readonly ListColumn[], width: number | undefined): ColumnGroup[] {
  const groups: ListColumn[][] = [];
  for (const column of columns) {
    const stacked = width !== undefined && column.stackBelow !== undefined && width < column.stackBelow && groups.length > 0;
    if (stacked) groups[groups.length - 1]!.push(column);
    else groups.push([column]);
  }
  return groups as unknown as ColumnGroup[];
}
