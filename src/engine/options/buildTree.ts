import type { TreeNode } from 'primereact/treenode';
import type { Option } from './useOptions';

/**
 * Builds tree nodes from options carrying a parent id. `exclude` drops a record and its whole
 * subtree (a genre cannot become the child of itself or of its descendants).
 */
export function buildTree(options: Option[], exclude?: string | number): TreeNode[] {
  const byParent = new Map<string, Option[]>();
  const known = new Set(options.map((o) => String(o.value)));
  for (const option of options) {
    const parent = option.parent === null || option.parent === undefined || !known.has(String(option.parent)) ? '' : String(option.parent);
    byParent.set(parent, [...(byParent.get(parent) ?? []), option]);
  }
  const build = (parent: string): TreeNode[] =>
    (byParent.get(parent) ?? [])
      .filter((o) => exclude === undefined || String(o.value) !== String(exclude))
      .map((o) => {
        const children = build(String(o.value));
        return { key: String(o.value), label: o.label, data: o.value, ...(children.length ? { children } : {}) };
      });
  return build('');
}
