import { diffWords } from 'diff';

/** A run of words of one side of a comparison: kept, or only on that side. */
export interface DiffPart {
  text: string;
  changed: boolean;
}

/** Past this, two texts are shown whole as changed: a text rewritten from end to end is not worth a long wait. */
const DIFF_TIMEOUT_MS = 150;

/**
 * The parts of one side laid back on its text as written: the word differ may move a space from
 * one text onto the other side's kept words ('lies ' then '.' for 'lies.' when the other text adds
 * a word before the full stop). The words of each part are kept, with the spaces of the text.
 */
function asWritten(text: string, parts: DiffPart[]): DiffPart[] {
  let at = 0;
  const laid = parts.map((part) => {
    const letters = part.text.replace(/\s+/g, '').length;
    const start = at;
    for (let seen = 0; at < text.length && seen < letters; at += 1) if (!/\s/.test(text[at]!)) seen += 1;
    return { text: text.slice(start, at), changed: part.changed };
  });
  if (at < text.length && laid.length) laid[laid.length - 1]!.text += text.slice(at);
  // The spaces before changed words belong to the words kept before them: only words are marked.
  for (let index = 1; index < laid.length; index += 1) {
    if (!laid[index]!.changed) continue;
    const [space = ''] = /^\s*/.exec(laid[index]!.text) ?? [];
    laid[index - 1]!.text += space;
    laid[index]!.text = laid[index]!.text.slice(space.length);
  }
  return laid.filter((part) => part.text !== '');
}

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
  return { before: asWritten(before, left), after: asWritten(after, right) };
}
