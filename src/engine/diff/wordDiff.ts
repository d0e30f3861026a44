import { diffWords } from 'diff';

/** A run of words of one side of a comparison: kept, or only on that side. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** Past this, two texts are shown whole as changed: a text rewritten from end to end is not worth a long wait. */
const DIFF_TIMEOUT_MS = 150;

/**
 * Two texts word by word (a sheet's saved text and the AI's, a field before and after a change):
 * the `before` side marks the words the other drops, the `after` side the words it brings.
 * Whitespace differences alone are no change.
 */
export function wordDiff(before: string, after: string): { before: DiffPart[]; after: DiffPart[] } {
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { before: [{ text: before, changed: before !== '' }], after: [{ text: after, changed: after !== '' }] };
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  for (const change of changes) {
    if (!change.added) left.push({ text: change.value, changed: Boolean(change.removed) });
    if (!change.removed) right.push({ text: change.value, changed: Boolean(change.added) });
  }
  return { before: left, after: right };
}
