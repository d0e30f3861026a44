import type { Messages } from '../../../../common/i18nResources';
import { getAt, withLabel, type Filter, type Json } from '../draftEdits';
import type { ScreenCatalog } from '../studioCalls';
import { formFieldFor, formFieldLabel, hasText, humanise } from './fieldLabel';

type CatalogFilter = ScreenCatalog['filters'][number];

/** The widgets of a form field whose choices are a parent_id tree. */
const TREE_WIDGETS = new Set(['treePicker', 'treeMultiSelect']);
/** Fewer choices than this are read whole by a filter (it searches none): a picker's 10 become a filter's 500. */
const FILTER_OPTIONS_PER_PAGE = 500;

/** The parameters a list's filters may use: its declared filters (never the paging, the language, nor the header's search). */
export function filterChoices(catalog: ScreenCatalog, definition: Json): CatalogFilter[] {
  const search = getAt(definition, ['list', 'search', 'param']);
  return catalog.filters.filter((filter) => filter.kind === 'filter' && filter.param !== search);
}

/**
 * A new filter for a parameter the list accepts, as the field it filters is shown: labelled with
 * that field's label (a label of the screen's own, `screens.genres.filters.parent_id`), and
 * offering its choices the way its form widget does: a tree for a tree picker, a list of one or
 * several (as the parameter takes) from the same source for a select, the words a parameter takes,
 * yes or no for a flag, a month or stars for those widgets, else a text box.
 */
export function newFilter(
  t: (key: string) => string,
  namespace: string,
  definition: Json,
  labels: Messages,
  declared: CatalogFilter,
): { filter: Filter; labels: Messages } {
  const { param } = declared;
  const field = declared.field ?? formFieldFor(definition, param);
  const text =
    (field ? formFieldLabel(t, namespace, definition, labels, field) : undefined) ??
    [`fields.${param}`, `columns.${param}`].filter((key) => hasText(t, namespace, labels, key)).map((key) => t(key))[0] ??
    humanise(param);
  let next = withLabel(labels, `filters.${param}`, text);
  const label = `${namespace}.filters.${param}`;
  const ui = (field ? getAt(definition, ['form', 'uiSchema', field]) : undefined) as Json | undefined;
  const widget = typeof ui?.['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
  const source = getAt(ui, ['ui:options', 'source']) as Json | undefined;
  const choose = declared.several ? 'multiSelect' : 'select';
  /** Fixed choices, each labelled in the screen's own texts. */
  const fixed = (choices: readonly { value: string | number; key: string; text: string }[]) => {
    for (const choice of choices) next = withLabel(next, `filterValues.${param}.${choice.key}`, choice.text);
    return { static: choices.map((choice) => ({ value: choice.value, label: `${namespace}.filterValues.${param}.${choice.key}` })) };
  };
  const make = (filter: { widget: string; options?: Json }): { filter: Filter; labels: Messages } => ({ filter: { param, label, ...filter }, labels: next });

  if (declared.values?.length) return make({ widget: choose, options: fixed(declared.values.map((value) => ({ value, key: value, text: humanise(value) }))) });
  if (declared.op === 'boolean')
    return make({
      widget: 'select',
      options: fixed([
        { value: 1, key: 'yes', text: t('screens.studio.yes') },
        { value: 0, key: 'no', text: t('screens.studio.no') },
      ]),
    });
  if (source && (typeof source.api === 'string' || Array.isArray(source.static))) {
    // A picker searches as staff type and asks its value by id; a filter reads its choices whole.
    const {
      searchParam: _search,
      idsParam: _ids,
      ...options
    }: Json = {
      ...source,
      ...(typeof source.api === 'string' && Number(source.perPage ?? 0) < FILTER_OPTIONS_PER_PAGE ? { perPage: FILTER_OPTIONS_PER_PAGE } : {}),
    };
    return make({ widget: widget && TREE_WIDGETS.has(widget) ? 'treeSelect' : choose, options });
  }
  if (declared.tree)
    return make({ widget: 'treeSelect', options: { api: declared.tree, perPage: FILTER_OPTIONS_PER_PAGE, parentField: 'parent_id', labelField: 'name' } });
  if (widget === 'monthPicker') return make({ widget: 'month' });
  if (widget === 'stars') return make({ widget: 'stars' });
  return make({ widget: 'text' });
}
