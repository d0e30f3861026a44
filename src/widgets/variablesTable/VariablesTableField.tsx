import type { FieldProps } from '@rjsf/utils';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import type { VariablesTableOptions } from '../../../common/widgetOptions/variablesTable';

/** One row of `ui:options.variables`: the variable's name and its descriptions (i18n keys). */
export type VariableRow = VariablesTableOptions['variables'][number];

/** How a variable is written in a text: `{{name}}`. */
export const variableToken = (name: string) => `{{${name}}}`;

/**
 * A read-only reference table of the variables a text may use (the AI prompt's Variables): each
 * row shows the name in double braces, its description and its French description. Rows come from
 * `ui:options.variables`; the field holds no value.
 */
export function VariablesTableField({ schema, uiSchema, fieldPathId }: FieldProps) {
  const { t } = useTranslation();
  const rows = ((uiSchema?.['ui:options'] as Partial<VariablesTableOptions> | undefined)?.variables ?? []).map((row) => ({
    ...row,
    token: variableToken(row.name),
  }));
  const id = fieldPathId.$id;
  return (
    <section className="variables-table" aria-labelledby={`${id}__title`}>
      <div id={`${id}__title`} className="section-title">
        {schema.title}
      </div>
      <DataTable value={rows} dataKey="name" size="small" stripedRows emptyMessage={t('list.empty')}>
        <Column
          header={t('form.variables.name')}
          body={(row: VariableRow & { token: string }) => <code className="variable-token">{row.token}</code>}
          style={{ width: '14rem' }}
        />
        <Column header={t('form.variables.description')} body={(row: VariableRow) => t(row.description)} />
        <Column header={t('form.variables.descriptionFr')} body={(row: VariableRow) => (row.descriptionFr ? t(row.descriptionFr) : '-')} />
      </DataTable>
    </section>
  );
}
