import { diffWords } from 'diff';

/** A run of words of one side of a comparison: kept, or only on that side. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** Past this, two texts are shown whole as changed: a report rewritten from end to end is not worth a long wait. */
const DIFF_TIMEOUT_MS = 150;

/**
 * The saved text and the AI's, word by word: the saved side marks the words the AI drops, the AI
 * side the words it brings. Whitespace differences alone are no change.
 */
export function wordDiff(saved: string, proposed: string): { saved: DiffPart[]; proposed: DiffPart[] } {
  const changes = diffWords(saved, proposed, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { saved: [{ text: saved, changed: saved !== '' }], proposed: [{ text: proposed, changed: proposed !== '' }] };
  const left: DiffPart[] = [];
  const right: DiffPart[] = [];
  for (const change of changes) {
    if (!change.added) left.push({ text: change.value, changed: Boolean(change.removed) });
    if (!change.removed) right.push({ text: change.value, changed: Boolean(change.added) });
  }
  return { saved: left, proposed: right };
}
