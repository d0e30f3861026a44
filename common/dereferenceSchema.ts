/**
 * Local `$ref`s of a JSON Schema (`#/definitions/<name>`), resolved once. RJSF would resolve them
 * on every render; a form built from a server schema (schemas/…/*.schema.json) takes its copy.
 */

type Json = Record<string, unknown>;

const definitionName = (ref: string) => ref.replace('#/definitions/', '');

/** A schema node with its own local `$ref` resolved (the definition, then the node's other keywords); other nodes as they are. */
export function resolveRef(node: unknown, definitions: Readonly<Record<string, unknown>>): Json | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node as Json;
  return { ...(definitions[definitionName(ref)] as Json | undefined), ...Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$ref')) };
}

function dereferenced(node: unknown, definitions: Readonly<Record<string, unknown>>): unknown {
  if (Array.isArray(node)) return node.map((item) => dereferenced(item, definitions));
  if (!node || typeof node !== 'object') return node;
  const { $ref, definitions: _definitions, ...rest } = node as Json & { $ref?: string };
  const target = typeof $ref === 'string' ? dereferenced(definitions[definitionName($ref)], definitions) : {};
  return { ...(target as Json), ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, dereferenced(value, definitions)])) };
}

/**
 * A copy of a schema with every local `$ref` replaced by its definition (itself dereferenced) and
 * the node's own keywords over it; the `definitions` are dropped.
 */
export function dereferenceSchema<T>(schema: T): T {
  const definitions = ((schema as { definitions?: Record<string, unknown> } | null)?.definitions ?? {}) as Record<string, unknown>;
  return dereferenced(schema, definitions) as T;
}

/** A copy of a JSON Schema without its `description`s (notes for developers, not labels). */
export function withoutDescriptions<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutDescriptions) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== 'description')
      .map(([key, value]) => [key, withoutDescriptions(value)]),
  ) as T;
}
