import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { optionSourceSchema } from '../../../../common/screenDefinition';
import { filtersOf, moved, withFilters, type Filter, type Json } from '../draftEdits';
import { AddFromList } from './AddFromList';
import { LabelInput } from './LabelInput';
import { filterChoices, newFilter } from './newFilter';
import { OptionsForm } from './OptionsForm';
import type { PaneProps } from './paneProps';
import { problemsAt } from './problemsAt';
import { ReorderList } from './ReorderList';

/** The list's filters: added from the parameters the list filters by (as the field they filter shows it), their label, widget and options set. */
export function FiltersPane({ draft, catalog, namespace, problems, update }: PaneProps) {
  const { t } = useTranslation();
  const filters = filtersOf(draft.definition);
  const declared = filterChoices(catalog, draft.definition);
  const unused = declared.map((filter) => filter.param).filter((param) => !filters.some((filter) => filter.param === param));
  const set = (next: Filter[]) => update({ definition: withFilters(draft.definition, next) });
  const patch = (index: number, change: Partial<Filter>) => set(filters.map((filter, i) => (i === index ? { ...filter, ...change } : filter)));
  if (!draft.definition.list) return <p className="studio-empty">{t('screens.studio.noList')}</p>;
  return (
    <div className="studio-pane-section">
      {filters.length === 0 ? <p className="studio-empty">{t('screens.studio.noFilters')}</p> : null}
      <ReorderList
        label={t('screens.studio.filters')}
        items={filters}
        keyOf={(filter) => filter.param}
        nameOf={(filter) => filter.param}
        onMove={(from, to) => set(moved(filters, from, to))}
        onRemove={(index) => set(filters.filter((_filter, i) => i !== index))}
        problemsOf={(index) => problemsAt(problems, `list.filters.${index}`)}
        render={(filter, index) => (
          <div className="studio-stack">
            <div className="studio-grid">
              <span>{t('screens.studio.parameter')}</span>
              <code>{filter.param}</code>
              <label htmlFor={`filter-${index}-label`}>{t('screens.studio.label')}</label>
              <LabelInput
                id={`filter-${index}-label`}
                namespace={namespace}
                labels={draft.labels}
                labelKey={filter.label}
                suggested={`filters.${filter.param}`}
                onChange={(label, labels) =>
                  update({
                    definition: withFilters(
                      draft.definition,
                      filters.map((f, i) => (i === index ? { ...f, label } : f)),
                    ),
                    labels,
                  })
                }
              />
              <label htmlFor={`filter-${index}-widget`}>{t('screens.studio.widget')}</label>
              <Dropdown
                inputId={`filter-${index}-widget`}
                ariaLabel={t('screens.studio.widget')}
                value={filter.widget}
                options={catalog.filterWidgets}
                onChange={(event) => patch(index, { widget: String(event.value) })}
              />
            </div>
            {filter.widget !== 'text' && filter.widget !== 'month' ? (
              <details className="studio-details">
                <summary>{t('screens.studio.filterOptions')}</summary>
                <OptionsForm
                  id={`filter-${index}-options`}
                  schema={optionSourceSchema as unknown as Json}
                  value={filter.options}
                  onChange={(options) => patch(index, { options })}
                />
              </details>
            ) : null}
          </div>
        )}
      />
      <AddFromList
        id="filter-add"
        label={t('screens.studio.addFilter')}
        choices={unused}
        placeholder={t('screens.studio.chooseParameter')}
        empty={t('screens.studio.noMoreFilters')}
        onAdd={(param) => {
          const added = newFilter(
            t,
            namespace,
            draft.definition,
            draft.labels,
            declared.find((filter) => filter.param === param)!,
          );
          update({ definition: withFilters(draft.definition, [...filters, added.filter]), labels: added.labels });
        }}
      />
    </div>
  );
}
