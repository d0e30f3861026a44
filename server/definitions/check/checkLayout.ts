import { resolveRefs } from './checkRefs.js';
import { isObject, listed, type Json, type Path, type Report } from './problem.js';

/**
 * A form's tabs, `ui:order` and top-level UI keys agree with its schema's properties:
 * - with tabs (root `ui:options.tabs`, sub-tabs included), every field is in exactly one tab
 *   unless it is hidden (a field in no tab is never shown), and every tab names a field;
 * - a `ui:order` (the form's or a nested object's) names only its fields, each once, and every
 *   field unless it holds `"*"`; every UI key names a field (checkOrders).
 * `schema` is the JSON Schema the form renders; `base` the path of the form (`form`, or none).
 */
export function checkLayout(schema: unknown, uiSchema: unknown, base: { schema: Path; uiSchema: Path }, report: Report): void {
  const root = resolveRefs(schema, schema);
  const fields = Object.keys(isObject(root.properties) ? root.properties : {});
  const ui = isObject(uiSchema) ? uiSchema : {};
  const known = `its fields: ${listed(fields)}`;
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  if (Array.isArray(options.tabs)) {
    const placed = new Map<string, Path>();
    const visit = (tabs: unknown[], path: Path) =>
      tabs.forEach((tab, index) => {
        if (!isObject(tab)) return;
        const tabPath = [...path, index];
        (Array.isArray(tab.fields) ? tab.fields : []).forEach((field: unknown, position) => {
          const fieldPath = [...tabPath, 'fields', position];
          const name = String(field);
          if (!fields.includes(name)) report(fieldPath, `"${name}" names no field of the form's schema (${known})`);
          else if (placed.has(name)) report(fieldPath, `"${name}" is already in another tab; a field shows in one tab`);
          else placed.set(name, fieldPath);
        });
        if (Array.isArray(tab.tabs)) visit(tab.tabs, [...tabPath, 'tabs']);
      });
    visit(options.tabs, [...base.uiSchema, 'ui:options', 'tabs']);
    for (const name of fields.filter((field) => !placed.has(field))) {
      const node = ui[name];
      if (isObject(node) && node['ui:widget'] === 'hidden') continue;
      report(
        [...base.schema, 'properties', name],
        'is in no tab, so the form never shows it: add it to the "fields" of a tab in ui:options.tabs (or hide it with "ui:widget": "hidden")',
      );
    }
  }
  checkOrders(schema, root, ui, base, report);
}

/**
 * Every `ui:order` (of the form, of a nested object) names only properties of its object, each
 * once, and all of them unless it holds `"*"`; every UI key of an object names one of its properties.
 * The nodes a custom field shows (`ui:field`) are the field's business.
 */
function checkOrders(schema: unknown, node: Json, ui: Json, base: { schema: Path; uiSchema: Path }, report: Report): void {
  const fields = Object.keys(isObject(node.properties) ? node.properties : {});
  const known = `its fields: ${listed(fields)}`;
  const order = ui['ui:order'];
  if (Array.isArray(order)) {
    const seen = new Set<string>();
    order.forEach((entry: unknown, index) => {
      const name = String(entry);
      if (name !== '*' && !fields.includes(name)) report([...base.uiSchema, 'ui:order', index], `"${name}" names no field of the form's schema (${known})`);
      else if (seen.has(name)) report([...base.uiSchema, 'ui:order', index], `"${name}" is listed twice`);
      seen.add(name);
    });
    const missing = fields.filter((field) => !seen.has(field));
    if (!seen.has('*') && missing.length)
      report([...base.uiSchema, 'ui:order'], `misses ${listed(missing)}: list them, or end the order with "*" for the others`);
  }
  if (ui['ui:field'] !== undefined) return;
  const properties = isObject(node.properties) ? node.properties : {};
  for (const [key, child] of Object.entries(ui)) {
    if (key.startsWith('ui:') || !isObject(child)) continue;
    if (key === 'items' && node.items !== undefined) {
      if (isObject(node.items))
        checkOrders(schema, resolveRefs(schema, node.items), child, { schema: [...base.schema, 'items'], uiSchema: [...base.uiSchema, 'items'] }, report);
    } else if (!fields.includes(key)) {
      if (isObject(node.properties)) report([...base.uiSchema, key], `names no field of the form's schema, so nothing shows it (${known})`);
    } else
      checkOrders(
        schema,
        resolveRefs(schema, properties[key]),
        child,
        { schema: [...base.schema, 'properties', key], uiSchema: [...base.uiSchema, key] },
        report,
      );
  }
}
