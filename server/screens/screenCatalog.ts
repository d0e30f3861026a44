import { BUILT_IN_WIDGETS, CELL_NAMES, DISPLAY_FIELDS, FIELD_NAMES, FILTER_WIDGETS, screenMetaSchema, WIDGET_NAMES } from '../../common/screenDefinition.js';
import { ANY_FIELD_OPTIONS, BUILT_IN_WIDGET_OPTIONS, FIELD_OPTIONS, ROOT_OPTIONS, WIDGET_OPTIONS, type OptionsSchema } from '../../common/widgetOptions.js';
import { checkContext } from '../definitions/check/checkContext.js';
import { interfaceLanguages, type InterfaceLanguage } from '../definitions/englishLabels.js';
import { recordFields, type ServedList } from '../definitions/servedLists.js';
import type { ScreenRegistry } from '../definitions/screenRegistry.js';
import { notFound } from '../http/errors.js';
import { pagingQuerySchema } from '../http/paging.js';
import type { FilterOp, ResourceSurface } from '../engine/declaration.js';

/** One query parameter of a screen's list, with what the definition check knows of it. */
interface CatalogFilter {
  param: string;
  /** `paging` (page, perPage), `language` (lang) or a declared `filter` of the resource. */
  kind: 'paging' | 'language' | 'filter';
  /** It takes several values (`p=1&p=2`), a row matching any of them. */
  several: boolean;
  /** How a declared filter matches rows (server/db/repositories/engine/filterConditions.ts FILTER_OPS). */
  op?: FilterOp;
  /** It takes a free text (a search). */
  text?: boolean;
  /** Ids of a tree: a node also matches its descendants. */
  tree?: 'genres' | 'thematics';
  /** The words it takes, when it takes words rather than ids. */
  values?: readonly string[];
  /** The record's field holding the column it filters (`parent_id` for `parent_id`, `demand_status_id` for `status`): its label and choices are the filter's. */
  field?: string;
}

/** What the studio's structured controls may offer for one screen (`GET admin/screens/{name}/catalog`). */
export interface ScreenCatalog {
  /** The fields of each row of its list (`GET admin/{api}`): a column's `field`, `deleteWhen`. */
  listFields: string[];
  /** The query parameters its list accepts: a filter's or the search's `param`. */
  filters: CatalogFilter[];
  /** Those of `filters` that take a free text (`list.search.param`). */
  searchParams: string[];
  /** The fields a save stores (writable): a form's properties. */
  formFields: string[];
  /** The fields the record returns read-only: a form may show them with `"readOnly": true`, a save ignores them. */
  readOnlyFields: string[];
  /** Every `ui:widget`, ours and RJSF's own (`builtIn`), with the JSON Schema of its own `ui:options`. */
  widgets: { name: string; builtIn: boolean; options: OptionsSchema }[];
  /** Every `ui:field`, with its own `ui:options`; `display`: it only shows something, its property neither sent nor stored. */
  fields: { name: string; display: boolean; options: OptionsSchema }[];
  /** The `ui:options` any field takes besides its widget's or field's own. */
  anyFieldOptions: OptionsSchema;
  /** The `ui:options` only a form's root takes (its tabs). */
  rootOptions: OptionsSchema;
  cells: string[];
  filterWidgets: string[];
  /** Every route of the screens (a related table's `rowRoute`, a record link's `route`). */
  routes: { name: string; path: string; screen: string }[];
  /** The interface's languages (src/i18n/locales): a label is written in each. */
  languages: InterfaceLanguage[];
  /** The JSON Schema of the screen's definition. */
  metaSchema: object;
}

const PAGING = new Set(Object.keys(pagingQuerySchema));

/** Each parameter a list accepts, described by its resource's declaration. */
function listFilters(served: ServedList): CatalogFilter[] {
  const declared = served.surface?.filters ?? {};
  return served.params.map((param): CatalogFilter => {
    const filter = Object.hasOwn(declared, param) ? declared[param] : undefined;
    if (!filter) return { param, kind: PAGING.has(param) ? 'paging' : 'language', several: false };
    const derived = filter.op === 'derived' ? filter.derived : undefined;
    const field = typeof filter.column === 'string' ? fieldOfColumn(served.surface!, filter.column) : undefined;
    return {
      param,
      kind: 'filter',
      several: filter.op === 'overlaps' || filter.many === true,
      op: filter.op,
      text: filter.op === 'search' || filter.op === 'fulltext' || derived?.text === true,
      ...(filter.tree ? { tree: filter.tree } : {}),
      ...(derived?.values ? { values: derived.values } : {}),
      ...(field ? { field } : {}),
    };
  });
}

/** The field of a resource that holds a column of its table as it is (a writable one first), if one does. */
function fieldOfColumn(surface: ResourceSurface, column: string): string | undefined {
  const holders = Object.entries(surface.fields).filter(([, field]) => field.column === column && !field.relation && !field.computed);
  return (holders.find(([, field]) => field.writable !== false) ?? holders[0])?.[0];
}

/**
 * The catalog of a screen: what its list returns and accepts and what its form may store, as the
 * definition check reads them (checkContext: `lists.get(screen.api)`), the widgets, fields, cells
 * and filter widgets with their declared options, the routes, the interface's languages and the
 * meta-schema of its definition. All from the registries and declarations the check uses.
 */
export function screenCatalog(registry: ScreenRegistry, name: string): ScreenCatalog {
  const inUse = registry.inUse(name);
  if (!registry.builtIn(name) || !inUse) throw notFound('screen');
  const context = checkContext(registry.screens.values(), { i18nKeys: new Set() });
  const common = {
    widgets: [
      ...WIDGET_NAMES.map((widget) => ({ name: widget, builtIn: false, options: WIDGET_OPTIONS[widget] })),
      ...BUILT_IN_WIDGETS.map((widget) => ({ name: widget, builtIn: true, options: BUILT_IN_WIDGET_OPTIONS })),
    ],
    fields: FIELD_NAMES.map((field) => ({ name: field, display: DISPLAY_FIELDS.includes(field), options: FIELD_OPTIONS[field] })),
    anyFieldOptions: ANY_FIELD_OPTIONS,
    rootOptions: ROOT_OPTIONS,
    cells: [...CELL_NAMES],
    filterWidgets: [...FILTER_WIDGETS],
    routes: [...context.screens.values()]
      .flatMap((screen) =>
        [screen.routes.list, ...(screen.routes.form ? [screen.routes.form] : [])].map((route) => ({
          name: route.name,
          path: route.path,
          screen: screen.resource,
        })),
      )
      .sort((a, b) => a.name.localeCompare(b.name)),
    languages: [...interfaceLanguages()],
  };
  const served = context.lists.get(inUse.screen.api);
  const filters = served ? listFilters(served) : [];
  const record = served?.record ?? served?.surface;
  const { returned, writable } = record ? recordFields(record) : { returned: [], writable: [] };
  return {
    listFields: [...(served?.fields ?? [])],
    filters,
    searchParams: filters.filter((filter) => filter.text).map((filter) => filter.param),
    formFields: writable,
    readOnlyFields: returned.filter((field) => !writable.includes(field)),
    ...common,
    metaSchema: screenMetaSchema,
  };
}
