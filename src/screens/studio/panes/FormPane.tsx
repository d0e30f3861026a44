import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import {
  formFields,
  getAt,
  isRequired,
  moveField,
  moveFieldToTab,
  rulesPath,
  ruleTypes,
  setAt,
  tabOf,
  tabsOf,
  withFieldUi,
  withRequired,
  withRule,
  type Json,
} from '../draftEdits';
import { LabelInput, labelText } from './LabelInput';
import { OptionsForm } from './OptionsForm';
import type { PaneProps } from './paneProps';
import { problemsAt } from './problemsAt';
import { ReorderList } from './ReorderList';

/** The value rules a field of a type can take in the studio. */
const RULES: Record<string, { keyword: string; label: string; kind: 'number' | 'text' }[]> = {
  string: [
    { keyword: 'minLength', label: 'screens.studio.rules.minLength', kind: 'number' },
    { keyword: 'maxLength', label: 'screens.studio.rules.maxLength', kind: 'number' },
    { keyword: 'pattern', label: 'screens.studio.rules.pattern', kind: 'text' },
  ],
  integer: [
    { keyword: 'minimum', label: 'screens.studio.rules.minimum', kind: 'number' },
    { keyword: 'maximum', label: 'screens.studio.rules.maximum', kind: 'number' },
  ],
  number: [
    { keyword: 'minimum', label: 'screens.studio.rules.minimum', kind: 'number' },
    { keyword: 'maximum', label: 'screens.studio.rules.maximum', kind: 'number' },
  ],
  array: [
    { keyword: 'minItems', label: 'screens.studio.rules.minItems', kind: 'number' },
    { keyword: 'maxItems', label: 'screens.studio.rules.maxItems', kind: 'number' },
  ],
};

/** A dotted path as the check writes it. */
const dotted = (path: readonly (string | number)[]) => path.join('.');

/**
 * The form's fields: their order (inside their tab), their tab, label and help text, whether
 * required, their value rules (lengths, limits, pattern), their widget and its declared options.
 */
export function FormPane({ draft, catalog, namespace, problems, update }: PaneProps) {
  const { t } = useTranslation();
  const definition = draft.definition;
  if (!getAt(definition, ['form', 'schema'])) return <p className="studio-empty">{t('screens.studio.noForm')}</p>;
  const fields = formFields(definition);
  const tabs = tabsOf(definition);
  const tabChoices = tabs.flatMap((tab, index) => [
    ...(tab.fields ? [{ value: String(index), label: labelText(t, namespace, draft.labels, tab.label) }] : []),
    ...(tab.tabs ?? []).map((sub, subIndex) => ({
      value: `${index}.${subIndex}`,
      label: `${labelText(t, namespace, draft.labels, tab.label)} › ${labelText(t, namespace, draft.labels, sub.label)}`,
    })),
  ]);
  const widgets = catalog.widgets.map((widget) => widget.name);

  return (
    <div className="studio-pane-section">
      <ReorderList
        label={t('screens.studio.formFields')}
        items={fields}
        keyOf={(field) => field}
        nameOf={(field) => field}
        onMove={(from, to) => update({ definition: moveField(definition, fields[from]!, to - from) })}
        problemsOf={(index) => [
          ...problemsAt(problems, `form.schema.properties.${fields[index]!}`),
          ...problemsAt(problems, `form.uiSchema.${fields[index]!}`),
        ]}
        render={(field) => {
          const id = `field-${field}`;
          const ui = (getAt(definition, ['form', 'uiSchema', field]) ?? {}) as Json;
          const uiTitle = typeof ui['ui:title'] === 'string' ? ui['ui:title'] : undefined;
          const schemaTitlePath = ['form', 'schema', 'properties', field, 'title'];
          const titleKey = uiTitle ?? (getAt(definition, schemaTitlePath) as string | undefined);
          const where = tabOf(tabs, field);
          const types = ruleTypes(definition, field);
          const rules = types.flatMap((type) => RULES[type] ?? []);
          const rulesAt = rulesPath(definition, field);
          const shared = rulesAt[2] === 'definitions';
          const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
          const widgetOptions = catalog.widgets.find((entry) => entry.name === widget)?.options;
          return (
            <details className="studio-details">
              <summary>
                <span className="studio-field-name">{labelText(t, namespace, draft.labels, titleKey) || field}</span> <code>{field}</code>
                {isRequired(definition, field) ? <span className="studio-required"> *</span> : null}
              </summary>
              <div className="studio-grid">
                <label htmlFor={`${id}-label`}>{t('screens.studio.label')}</label>
                <LabelInput
                  id={`${id}-label`}
                  namespace={namespace}
                  labels={draft.labels}
                  labelKey={titleKey}
                  suggested={`fields.${field}`}
                  onChange={(key, labels) =>
                    update({ definition: uiTitle ? withFieldUi(definition, field, 'ui:title', key) : setAt(definition, schemaTitlePath, key), labels })
                  }
                />
                <label htmlFor={`${id}-help`}>{t('screens.studio.help')}</label>
                <LabelInput
                  id={`${id}-help`}
                  namespace={namespace}
                  labels={draft.labels}
                  labelKey={typeof ui['ui:help'] === 'string' ? ui['ui:help'] : undefined}
                  suggested={`help.${field}`}
                  onChange={(key, labels) => update({ definition: withFieldUi(definition, field, 'ui:help', key), labels })}
                />
                {tabChoices.length ? (
                  <>
                    <label htmlFor={`${id}-tab`}>{t('screens.studio.tab')}</label>
                    <Dropdown
                      inputId={`${id}-tab`}
                      ariaLabel={t('screens.studio.tab')}
                      value={where ? where.join('.') : null}
                      options={tabChoices}
                      onChange={(event) => update({ definition: moveFieldToTab(definition, field, String(event.value).split('.').map(Number)) })}
                    />
                  </>
                ) : null}
                <label htmlFor={`${id}-required`}>{t('screens.studio.required')}</label>
                <Checkbox
                  inputId={`${id}-required`}
                  checked={isRequired(definition, field)}
                  onChange={(event) => update({ definition: withRequired(definition, field, Boolean(event.checked)) })}
                />
                {rules.map((rule) => {
                  const value = getAt(definition, [...rulesAt, rule.keyword]);
                  const inputId = `${id}-${rule.keyword}`;
                  return (
                    <div key={rule.keyword} className="studio-grid-row">
                      <label htmlFor={inputId}>{t(rule.label)}</label>
                      {rule.kind === 'number' ? (
                        <InputNumber
                          inputId={inputId}
                          value={typeof value === 'number' ? value : null}
                          useGrouping={false}
                          invalid={problemsAt(problems, dotted([...rulesAt, rule.keyword])).length > 0}
                          onValueChange={(event) => update({ definition: withRule(definition, field, rule.keyword, event.value ?? undefined) })}
                        />
                      ) : (
                        <InputText
                          id={inputId}
                          value={typeof value === 'string' ? value : ''}
                          invalid={problemsAt(problems, dotted([...rulesAt, rule.keyword])).length > 0}
                          onChange={(event) => update({ definition: withRule(definition, field, rule.keyword, event.target.value) })}
                        />
                      )}
                    </div>
                  );
                })}
                {shared && rules.length ? (
                  <small className="studio-muted studio-span">{t('screens.studio.sharedRules', { name: String(rulesAt[3]) })}</small>
                ) : null}
                {typeof ui['ui:field'] === 'string' ? (
                  <>
                    <span>{t('screens.studio.fieldKind')}</span>
                    <code>{ui['ui:field']}</code>
                  </>
                ) : (
                  <>
                    <label htmlFor={`${id}-widget`}>{t('screens.studio.widget')}</label>
                    <Dropdown
                      inputId={`${id}-widget`}
                      value={widget ?? null}
                      options={widgets}
                      showClear
                      placeholder={t('screens.studio.defaultWidget')}
                      onChange={(event) =>
                        update({
                          definition: withFieldUi(withFieldUi(definition, field, 'ui:widget', event.value ?? undefined), field, 'ui:options', undefined),
                        })
                      }
                    />
                  </>
                )}
              </div>
              {widget && widgetOptions ? (
                <fieldset className="studio-fieldset">
                  <legend>{t('screens.studio.widgetOptions', { widget })}</legend>
                  <OptionsForm
                    id={`${id}-options`}
                    schema={widgetOptions}
                    value={ui['ui:options'] as Json | undefined}
                    onChange={(options) => update({ definition: withFieldUi(definition, field, 'ui:options', options) })}
                  />
                </fieldset>
              ) : null}
            </details>
          );
        }}
      />
    </div>
  );
}
