import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaneProps } from './paneProps';
import { columnsOf, moved, withColumns, type Column } from '../draftEdits';
import { LabelInput } from './LabelInput';
import { problemsAt } from './problemsAt';
import { ReorderList } from './ReorderList';

/** The list's columns: added from the fields the list returns, reordered, relabelled, their cell chosen, removed. */
export function ColumnsPane({ draft, catalog, namespace, problems, update }: PaneProps) {
  const { t } = useTranslation();
  const columns = columnsOf(draft.definition);
  const [adding, setAdding] = useState<string | undefined>(undefined);
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
            <Dropdown inputId={`column-${index}-field`} value={column.field} options={[...new Set([column.field, ...catalog.listFields])]} onChange={(event) => patch(index, { field: String(event.value) })} />
            <label htmlFor={`column-${index}-header`}>{t('screens.studio.header')}</label>
            <LabelInput
              id={`column-${index}-header`}
              namespace={namespace}
              labels={draft.labels}
              labelKey={column.header}
              suggested={`columns.${column.field}`}
              onChange={(header, labels) => update({ definition: withColumns(draft.definition, columns.map((c, i) => (i === index ? { ...c, header } : c))), labels })}
            />
            <label htmlFor={`column-${index}-cell`}>{t('screens.studio.cell')}</label>
            <Dropdown inputId={`column-${index}-cell`} value={column.cell ?? 'text'} options={catalog.cells} onChange={(event) => patch(index, { cell: String(event.value) === 'text' ? undefined : String(event.value) })} />
          </div>
        )}
      />
      <div className="studio-add">
        <label htmlFor="column-add">{t('screens.studio.addColumn')}</label>
        <Dropdown inputId="column-add" value={adding} options={unused} placeholder={t('screens.studio.chooseField')} onChange={(event) => setAdding(String(event.value))} emptyMessage={t('screens.studio.noMoreFields')} />
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('screens.studio.add')}
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            const key = `columns.${adding}`;
            const labels = { ...draft.labels, columns: { ...((draft.labels.columns as object | undefined) ?? {}), [adding]: adding } };
            update({ definition: withColumns(draft.definition, [...columns, { field: adding, header: `${namespace}.${key}`, cell: 'text' }]), labels });
            setAdding(undefined);
          }}
        />
      </div>
    </div>
  );
}
