type Json = Record<string, unknown>;

/**
 * The label a form shows for the field at `segments` (`['demand_date']`, `['seriesList', '0', 'name']`):
 * the `title` of its JSON Schema, through `items` and `$ref`s into `definitions`, given to `text`
 * (an i18n key becomes its words). Undefined when the schema gives it no title.
 */
export function fieldLabelOf(schema: object, segments: readonly string[], text: (title: string) => string): string | undefined {
  const definitions = ((schema as Json).definitions ?? {}) as Record<string, unknown>;
  let node: Json | undefined = resolve(schema, definitions);
  for (const segment of segments) {
    if (!node) return undefined;
    const next: unknown = /^\d+$/.test(segment) && node.items ? node.items : (node.properties as Json | undefined)?.[segment];
    node = resolve(next, definitions);
  }
  return typeof node?.title === 'string' && segments.length > 0 ? text(node.title) : undefined;
}

/** A schema node with its `$ref` (`#/definitions/name`) followed, its own keys winning. */
function resolve(node: unknown, definitions: Record<string, unknown>): Json | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as Json).$ref;
  if (typeof ref !== 'string') return node as Json;
  const target = definitions[ref.replace(/^#\/definitions\//, '')];
  return target && typeof target === 'object' ? { ...(target as Json), ...(node as Json) } : (node as Json);
}
