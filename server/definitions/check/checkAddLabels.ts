import { FIELD_OPTIONS } from '../../../common/widgetOptions.js';
import type { FieldName } from '../../../common/screenDefinition.js';
import { resolveRefs } from './checkRefs.js';
import { isObject, type Json, type Path, type Report } from './problem.js';

/**
 * Every `ui:options.addLabel` of a UI schema is shown by an add button: the engine's array template
 * shows it for a list (`type: array`) rendered as items, a field whose options declare it
 * (textBlocks) shows its own. Elsewhere it would be ignored: on a field that is not a list, or a list
 * a widget or another field shows. `schema` is the JSON Schema the UI schema renders.
 */
export function checkAddLabels(uiSchema: unknown, schema: unknown, base: Path, report: Report): void {
  const walk = (ui: unknown, node: Json, path: Path) => {
    if (!isObject(ui)) return;
    const options = ui['ui:options'];
    if (isObject(options) && options.addLabel !== undefined) {
      const field = ui['ui:field'] as FieldName | undefined;
      const types = [node.type].flat();
      const where = [...path, 'ui:options', 'addLabel'];
      if (field !== undefined) {
        if (!(FIELD_OPTIONS[field]?.properties && 'addLabel' in FIELD_OPTIONS[field].properties)) {
          report(where, `is not shown: the field ${String(field)} shows this list, not the array template`);
        }
      } else if (!types.includes('array')) report(where, 'is not shown: only a list (type "array") has an add button');
      else if (ui['ui:widget'] !== undefined) report(where, `is not shown: the widget ${String(ui['ui:widget'])} shows this list, without an add button`);
    }
    const properties = isObject(node.properties) ? node.properties : {};
    for (const [key, value] of Object.entries(ui)) {
      if (key.startsWith('ui:')) continue;
      if (key === 'items') walk(value, resolveRefs(schema, Array.isArray(node.items) ? {} : node.items), [...path, 'items']);
      else walk(value, resolveRefs(schema, properties[key]), [...path, key]);
    }
  };
  walk(uiSchema, resolveRefs(schema, schema), base);
}
