import type { ServedList } from '../servedLists.js';
import { routeNames, type CheckContext } from './checkContext.js';
import { isObject, listed, type Json, type Path, type Report } from './problem.js';
import { uiNodes } from './uiNodes.js';

/** Widgets whose server search defaults to the `name` parameter (src/widgets/remoteSelect, creatableSelect). */
const SEARCHING_WIDGETS = new Set(['remoteSelect', 'creatableSelect']);

/**
 * Every `ui:options.source` of a UI schema (its list served, searched and carrying its fields), a
 * related table's `rowRoute` and a record link's `route` (route names of the screens), and an
 * embedded screen list's `screen` and the `fixed` parameters its list must accept.
 */
export function checkUiReferences(uiSchema: unknown, base: Path, context: CheckContext, report: Report): void {
  const routes = routeNames(context);
  for (const { node, path } of uiNodes(uiSchema, base)) {
    const options = node['ui:options'];
    if (!isObject(options)) continue;
    if (isObject(options.source))
      checkSource(options.source, [...path, 'ui:options', 'source'], context.lists, report, SEARCHING_WIDGETS.has(node['ui:widget'] as string));
    for (const key of ['rowRoute', 'route'] as const) {
      if (options[key] !== undefined && !routes.has(options[key] as string)) {
        report(
          [...path, 'ui:options', key],
          `${JSON.stringify(options[key])} names no route of a screen definition (a "name" of their routes.list or routes.form; known: ${listed([...routes].sort())})`,
        );
      }
    }
    if (node['ui:field'] === 'screenList') {
      const screen = context.screens.get(options.screen as string);
      if (screen === undefined) {
        report(
          [...path, 'ui:options', 'screen'],
          `${JSON.stringify(options.screen)} names no screen definition (known: ${listed([...context.screens.keys()].sort())})`,
        );
      } else if (isObject(options.fixed)) {
        const params = context.lists.get(screen.api)?.params ?? [];
        for (const param of Object.keys(options.fixed).filter((name) => !params.includes(name))) {
          report([...path, 'ui:options', 'fixed', param], `is not accepted by GET admin/${screen.api} (it accepts ${listed(params)})`);
        }
      }
    }
  }
}

/** An option source: its list served, its search parameter accepted, its value, label and parent fields returned. */
export function checkSource(source: Json, path: Path, lists: ReadonlyMap<string, ServedList>, report: Report, searches: boolean): void {
  if (typeof source.api !== 'string') return;
  const served = lists.get(source.api);
  if (!served) return report([...path, 'api'], `"${source.api}" is served by no route (known lists: ${listed([...lists.keys()].sort())})`);
  const searchParam = typeof source.searchParam === 'string' ? source.searchParam : searches ? 'name' : '';
  if (searchParam && !served.params.includes(searchParam)) {
    report([...path, 'searchParam'], `"${searchParam}" is not accepted by GET admin/${source.api} (it accepts ${served.params.join(', ') || 'no parameter'})`);
  }
  for (const key of ['valueField', 'labelField', 'parentField'] as const) {
    const field = source[key];
    if (typeof field === 'string' && !served.fields.includes(field)) {
      report([...path, key], `"${field}" is not returned by GET admin/${source.api} (its rows carry ${listed(served.fields)})`);
    }
  }
  // Without a labelField the option shows `name`, else `label` (src/engine/options/useOptions.ts).
  if (source.labelField === undefined && !served.fields.includes('name') && !served.fields.includes('label')) {
    report([...path, 'labelField'], `is needed: the rows of GET admin/${source.api} carry neither name nor label (they carry ${listed(served.fields)})`);
  }
}
