import type { FieldProps } from '@rjsf/utils';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cellOf, useRegistries } from '../../engine/registries';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';
import type { RelatedTableOptions } from '../../../common/widgetOptions/relatedTable';

/** A read-only table of records related to this one (a contact's reading sheets, an author's books); a row opens its own page. */
export function RelatedTableField({ formData, schema, uiSchema, registry }: FieldProps<Record<string, unknown>[]>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // From the context, not src/widgets/registry.ts: the registry imports this field.
  const { cells } = useRegistries();
  const { columns, rowRoute, hideOnCreate } = (uiSchema?.['ui:options'] ?? {}) as unknown as RelatedTableOptions;
  const rowPattern = rowRoute === undefined ? undefined : routePathByName(rowRoute);
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
        onRowClick={rowPattern ? (e) => navigate(formPath(rowPattern, (e.data as { id: number }).id)) : undefined}
        rowClassName={() => (rowPattern ? 'clickable-row' : '')}
      >
        {columns.map((column) => {
          const Cell = cellOf(cells, column.cell);
          return <Column key={column.field} header={t(column.header)} body={(row: Record<string, unknown>) => <Cell value={row[column.field]} row={row} />} />;
        })}
      </DataTable>
    </div>
  );
}
