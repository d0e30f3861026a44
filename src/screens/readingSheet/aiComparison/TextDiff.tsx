import type { DiffPart } from './wordDiff';

/**
 * One side of a text comparison: the words only on this side marked (`<del>` on the saved side,
 * `<ins>` on the AI's), the spaces around them left unmarked.
 */
export function TextDiff({ parts, side }: { parts: readonly DiffPart[]; side: 'saved' | 'ai' }) {
  const Mark = side === 'saved' ? 'del' : 'ins';
  return (
    <>
      {parts.map((part, index) => {
        const [, before = '', words = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? [];
        if (!part.changed || !words) return <span key={index}>{part.text}</span>;
        return (
          <span key={index}>
            {before}
            <Mark className={`cmp-diff ${side}`}>{words}</Mark>
            {after}
          </span>
        );
      })}
    </>
  );
}
