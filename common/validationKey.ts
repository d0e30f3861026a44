/**
 * The key of a form schema's precompiled validator (src/engine/form/validator.ts): a hash of the
 * schema without its texts. `title` and `description` holding strings are left out because the
 * form translates them (translateSchema) and they do not change what is valid; a property that
 * happens to be named `title` holds an object and is kept. Keys are sorted, so the same schema
 * written in another order has the same key. The build and the browser compute it alike.
 */
export function validationKey(schema: unknown): string {
  return `v${hash(canonical(schema))}`;
}

function canonical(node: unknown): string {
  if (Array.isArray(node)) return `[${node.map(canonical).join(',')}]`;
  if (node === null || typeof node !== 'object') return JSON.stringify(node) ?? 'null';
  const entries = Object.entries(node)
    .filter(([key, value]) => !((key === 'title' || key === 'description') && typeof value === 'string'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${canonical(value)}`).join(',')}}`;
}

/** cyrb53: a fast 53-bit string hash, as a base-36 string. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
