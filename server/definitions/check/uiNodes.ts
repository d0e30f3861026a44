import { isObject, type Json, type Path } from './problem.js';

/** One node of a UI schema: its directives (`ui:widget`, `ui:options`…) and where it is. */
export interface UiNode {
  node: Json;
  path: Path;
  /** The form's root UI schema (the only one taking `tabs`). */
  root: boolean;
}

/**
 * Every node of a UI schema, the root first: the values of its keys that are not directives
 * (`ui:*`) are the UI schemas of properties, of `items` or of tuple items.
 */
export function uiNodes(uiSchema: unknown, base: Path): UiNode[] {
  const nodes: UiNode[] = [];
  const walk = (value: unknown, path: Path, root: boolean) => {
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, [...path, index], false));
    if (!isObject(value)) return;
    nodes.push({ node: value, path, root });
    for (const [key, child] of Object.entries(value)) if (!key.startsWith('ui:')) walk(child, [...path, key], false);
  };
  walk(uiSchema, base, true);
  return nodes;
}

/** What shows a UI node: a custom field, else a widget (RJSF's own or ours), else the default. */
export const shownBy = (node: Json): { kind: 'field' | 'widget' | 'default'; name: string } =>
  typeof node['ui:field'] === 'string'
    ? { kind: 'field', name: node['ui:field'] }
    : typeof node['ui:widget'] === 'string'
      ? { kind: 'widget', name: node['ui:widget'] }
      : { kind: 'default', name: '' };
