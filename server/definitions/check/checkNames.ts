import { BUILT_IN_WIDGETS, FIELD_NAMES, WIDGET_NAMES } from '../../../common/screenDefinition.js';
import { listed, type Path, type Report } from './problem.js';
import { uiNodes } from './uiNodes.js';

/** Every widget `ui:widget` may name: ours (src/widgets/registry.ts) and RJSF's own. */
export const KNOWN_WIDGETS: readonly string[] = [...WIDGET_NAMES, ...BUILT_IN_WIDGETS];

/** Every `ui:widget` and `ui:field` of a UI schema names a registered widget or field. */
export function checkUiNames(uiSchema: unknown, base: Path, report: Report): void {
  for (const { node, path } of uiNodes(uiSchema, base)) {
    const widget = node['ui:widget'];
    if (widget !== undefined && !KNOWN_WIDGETS.includes(widget as string)) {
      report(
        [...path, 'ui:widget'],
        `${JSON.stringify(widget)} is not a widget; known: ${listed(KNOWN_WIDGETS)} (a new one is registered in src/widgets/registry.ts)`,
      );
    }
    const field = node['ui:field'];
    if (field !== undefined && !(FIELD_NAMES as readonly unknown[]).includes(field)) {
      report(
        [...path, 'ui:field'],
        `${JSON.stringify(field)} is not a field; known: ${listed(FIELD_NAMES)} (a new one is registered in src/widgets/registry.ts)`,
      );
    }
  }
}
