import { isObject, listed, type Json, type Path, type Report } from './problem.js';

/** The value a local `$ref` (`#/definitions/name`) points at in `root`, or undefined. */
function refTarget(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((at, key) => (isObject(at) || Array.isArray(at) ? (at as Json)[key] : undefined), root);
}

/** A schema node with its `$ref`s followed inside `root` (an empty schema when one breaks). */
export function resolveRefs(root: unknown, node: unknown): Json {
  let current = isObject(node) ? node : {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const target = refTarget(root, current.$ref);
    if (!isObject(target)) return {};
    current = target;
  }
  return current;
}

/** Every `$ref` of a form's JSON Schema resolves inside it (`#/definitions/...`): the server and the form resolve nothing else. */
export function checkRefs(schema: unknown, base: Path, report: Report): void {
  const definitions = isObject(schema) && isObject(schema.definitions) ? Object.keys(schema.definitions) : [];
  const walk = (node: unknown, path: Path) => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, [...path, index]));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && refTarget(schema, value) === undefined) {
        report(
          [...path, key],
          `"${value}" resolves to nothing in this schema: a $ref must be "#/definitions/<name>" (its definitions: ${listed(definitions)})`,
        );
      } else walk(value, [...path, key]);
    }
  };
  walk(schema, base);
}
