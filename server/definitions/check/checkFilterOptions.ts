import type { FilterWidget, ScreenDefinition } from '../../../common/screenDefinition.js';
import type { Report } from './problem.js';

/** Filter controls that offer choices from `options` (src/engine/list/FilterBar.tsx); the others read none. */
const CHOOSING: readonly FilterWidget[] = ['select', 'multiSelect', 'treeSelect'];

/** A choosing filter has its choices (`options.api` or `options.static`); another filter gives no `options` it would ignore. */
export function checkFilterOptions(screen: ScreenDefinition, report: Report): void {
  (screen.list?.filters ?? []).forEach((filter, index) => {
    const path = ['list', 'filters', index, 'options'];
    if (CHOOSING.includes(filter.widget)) {
      if (!filter.options?.api && !filter.options?.static)
        report(path, `is needed by the filter widget ${filter.widget}: give its choices, a list ("api") or fixed ones ("static")`);
    } else if (filter.options !== undefined) {
      report(path, `is ignored by the filter widget ${filter.widget}, which offers no choices: remove it`);
    }
  });
}
