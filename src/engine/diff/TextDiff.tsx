import type { DiffPart } from './wordDiff';
import './textDiff.css';

/**
 * One side of a text comparison (`wordDiff`): the words only on this side marked, `<del>` (struck
 * out) on the side before, `<ins>` (underlined) on the side after, so that the mark is not only a
 * colour; the spaces around them left unmarked.
 */
export function TextDiff({ parts, side }: { parts: readonly DiffPart[]; side: 'before' | 'after' }) {
  const Mark = side === 'before' ? 'del' : 'ins';
  return (
    <>
      {parts.map((part, index) => {
        const [, leading = '', words = '', trailing = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? [];
        if (!part.changed || !words) return <span key={index}>{part.text}</span>;
        return (
          <span key={index}>
            {leading}
            <Mark className={`text-diff ${side}`}>{words}</Mark>
            {trailing}
          </span>
        );
      })}
    </>
  );
}
