/**
 * Whether two form values would serialise to the same JSON, whatever the order of object keys:
 * an `undefined` property counts as absent (RJSF removes emptied fields, or leaves them
 * undefined) and an `undefined` array item as `null`. It walks both values once and stops at the
 * first difference, so the unsaved-changes check stays cheap on large forms.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!sameData(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let present = 0;
  for (const key in left) {
    if (left[key] === undefined) continue;
    present += 1;
    if (!Object.hasOwn(right, key) || !sameData(left[key], right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) present -= 1;
  return present === 0;
}
