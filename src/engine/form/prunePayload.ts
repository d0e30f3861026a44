import { resolveRef } from '../../../common/dereferenceSchema';

type Json = Record<string, unknown>;

/** Keeps what the schema node declares as writable: declared properties, no `readOnly`, no empty text. */
function prune(value: unknown, node: Json | undefined, definitions: Readonly<Record<string, unknown>>): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (!node) return value;
  if (Array.isArray(value)) {
    const items = resolveRef(node.items, definitions);
    return value.map((item) => prune(item, items, definitions)).filter((item) => item !== undefined);
  }
  if (typeof value === 'object') {
    const properties = node.properties as Record<string, unknown> | undefined;
    if (!properties) return value;
    const out: Json = {};
    for (const [key, item] of Object.entries(value)) {
      const child = resolveRef(properties[key], definitions);
      if (!child || child.readOnly) continue;
      const kept = prune(item, child, definitions);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  return value;
}

/**
 * The body of a save: the form's data cut to what the server's schema accepts. Properties the schema
 * does not declare (labels of related records, stored files, lists shown read-only) and `readOnly`
 * ones are dropped at every depth, as are null, undefined and empty strings; an object without
 * declared properties (a free map) is kept whole. Local `$ref`s resolve against the schema's `definitions`.
 */
export function prunePayload(data: Record<string, unknown>, schema: object): Record<string, unknown> {
  const definitions = ((schema as { definitions?: Record<string, unknown> }).definitions ?? {}) as Record<string, unknown>;
  return (prune(data, schema as Json, definitions) ?? {}) as Record<string, unknown>;
}
