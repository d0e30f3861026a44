import type { FieldProps } from '@rjsf/utils';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListColumn } from '../../../common/screenDefinition';
import { cellOf, useRegistries } from '../../engine/registries';
import { formPath } from '../../engine/resource/paths';

interface RelatedTableOptions {
  columns: ListColumn[];
  /** Route pattern a row opens, e.g. `/reading-sheet/:id?`. */
  rowLink?: string;
  /** Shown instead of the table on a record not saved yet. */
  hideOnCreate?: boolean;
}

/** A read-only table of records related to this one (a contact's reading sheets, an author's books); a row opens its own page. */
export function RelatedTableField({ formData, schema, uiSchema, registry }: FieldProps<Record<string, unknown>[]>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // From the context, not src/widgets/registry.ts: the registry imports this field.
  const { cells } = useRegistries();
  const { columns, rowLink, hideOnCreate } = (uiSchema?.['ui:options'] ?? {}) as unknown as RelatedTableOptions;
  const recordId = (registry.formContext as { recordId?: unknown } | undefined)?.recordId;
  if (hideOnCreate && recordId === undefined) return null;
  return (
    <div className="related-table">
      <div className="related-table-title">{schema.title}</div>
      <DataTable
        value={formData ?? []}
        dataKey="id"
        size="small"
        stripedRows
        emptyMessage={t('list.empty')}
        onRowClick={rowLink ? (e) => navigate(formPath(rowLink, (e.data as { id: number }).id)) : undefined}
        rowClassName={() => (rowLink ? 'clickable-row' : '')}
      >
        {columns.map((column) => {
          const Cell = cellOf(cells, column.cell);
          return <Column key={column.field} header={t(column.header)} body={(row: Record<string, unknown>) => <Cell value={row[column.field]} row={row} />} />;
        })}
      </DataTable>
    </div>
  );
}
