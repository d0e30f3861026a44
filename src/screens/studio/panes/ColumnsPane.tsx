import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import type { PaneProps } from './paneProps';
import { columnsOf, moved, withColumns, type Column } from '../draftEdits';
import { AddFromList } from './AddFromList';
import { LabelInput } from './LabelInput';
import { newColumn } from './newColumn';
import { problemsAt } from './problemsAt';
import { ReorderList } from './ReorderList';

/** The list's columns: added from the fields the list returns, reordered, relabelled, their cell chosen, removed. */
export function ColumnsPane({ draft, catalog, namespace, problems, update }: PaneProps) {
  const { t } = useTranslation();
  const columns = columnsOf(draft.definition);
  const unused = catalog.listFields.filter((field) => !columns.some((column) => column.field === field));
  const set = (next: Column[]) => update({ definition: withColumns(draft.definition, next) });
  const patch = (index: number, change: Partial<Column>) => set(columns.map((column, i) => (i === index ? { ...column, ...change } : column)));
  if (!draft.definition.list) return <p className="studio-empty">{t('screens.studio.noList')}</p>;
  return (
    <div className="studio-pane-section">
      <ReorderList
        label={t('screens.studio.columns')}
        items={columns}
        keyOf={(column, index) => `${column.field}-${index}`}
        nameOf={(column) => column.field}
        onMove={(from, to) => set(moved(columns, from, to))}
        onRemove={(index) => set(columns.filter((_column, i) => i !== index))}
        problemsOf={(index) => problemsAt(problems, `list.columns.${index}`)}
        render={(column, index) => (
          <div className="studio-grid">
            <label htmlFor={`column-${index}-field`}>{t('screens.studio.field')}</label>
            <Dropdown
              inputId={`column-${index}-field`}
              ariaLabel={t('screens.studio.field')}
              value={column.field}
              options={[...new Set([column.field, ...catalog.listFields])]}
              onChange={(event) => patch(index, { field: String(event.value) })}
            />
            <label htmlFor={`column-${index}-header`}>{t('screens.studio.header')}</label>
            <LabelInput
              id={`column-${index}-header`}
              namespace={namespace}
              labels={draft.labels}
              labelKey={column.header}
              suggested={`columns.${column.field}`}
              onChange={(header, labels) =>
                update({
                  definition: withColumns(
                    draft.definition,
                    columns.map((c, i) => (i === index ? { ...c, header } : c)),
                  ),
                  labels,
                })
              }
            />
            <label htmlFor={`column-${index}-cell`}>{t('screens.studio.cell')}</label>
            <Dropdown
              inputId={`column-${index}-cell`}
              ariaLabel={t('screens.studio.cell')}
              value={column.cell ?? 'text'}
              options={catalog.cells}
              onChange={(event) => patch(index, { cell: String(event.value) === 'text' ? undefined : String(event.value) })}
            />
          </div>
        )}
      />
      <AddFromList
        id="column-add"
        label={t('screens.studio.addColumn')}
        choices={unused}
        placeholder={t('screens.studio.chooseField')}
        empty={t('screens.studio.noMoreFields')}
        onAdd={(field) => {
          // Headed with the field's label, never its key.
          const added = newColumn(t, namespace, draft.definition, draft.labels, field);
          update({ definition: withColumns(draft.definition, [...columns, added.column]), labels: added.labels });
        }}
      />
    </div>
  );
}
