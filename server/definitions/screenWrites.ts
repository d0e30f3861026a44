import { FILE_RULES, type FileRuleName } from '../../common/fileRules.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';

/** How a screen's form saves, as the server must serve it: read from the screen definition, never declared twice. */
export interface ScreenWrites {
  /** Method of an update (`{api}/{id}`): the form's `method`, POST by default. */
  updateMethod: 'POST' | 'PUT';
  /** File fields of a multipart save: field → upload rule (each `fileUpload` widget's `rule`). */
  uploads: Record<string, FileRuleName>;
  /** `DELETE {api}/{path}/:id` routes that empty a file field: path → field (each `fileUpload` widget's `deleteApi`). */
  fileDeletes: Record<string, string>;
}

type UiNode = { 'ui:widget'?: unknown; 'ui:options'?: { rule?: unknown; deleteApi?: unknown } };

/**
 * The writes a screen's form needs: its update method, and for each top-level `fileUpload` field
 * the upload rule and the delete route (`deleteApi` `"{api}/{path}/{id}"`). Throws on a rule or a
 * delete route that does not fit, naming the file and the JSON path.
 */
export function screenWrites(screen: ScreenDefinition): ScreenWrites {
  const writes: ScreenWrites = { updateMethod: screen.form?.method === 'put' ? 'PUT' : 'POST', uploads: {}, fileDeletes: {} };
  const file = `schemas/${screen.resource}.screen.json`;
  for (const [field, node] of Object.entries((screen.form?.uiSchema ?? {}) as Record<string, UiNode>)) {
    if (node?.['ui:widget'] !== 'fileUpload') continue;
    const at = `${file}: /form/uiSchema/${field}/ui:options`;
    const { rule, deleteApi } = node['ui:options'] ?? {};
    if (typeof rule !== 'string' || !(rule in FILE_RULES)) throw new Error(`${at}/rule must name a file rule (${Object.keys(FILE_RULES).join(', ')})`);
    writes.uploads[field] = rule as FileRuleName;
    if (deleteApi === undefined) continue;
    const path = typeof deleteApi === 'string' ? new RegExp(`^${screen.api}/([a-z0-9-]+)/\\{id\\}$`).exec(deleteApi)?.[1] : undefined;
    if (!path) throw new Error(`${at}/deleteApi must be "${screen.api}/<path>/{id}"`);
    writes.fileDeletes[path] = field;
  }
  return writes;
}
