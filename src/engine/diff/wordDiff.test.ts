import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextDiff } from './TextDiff';
import { wordDiff } from './wordDiff';

afterEach(cleanup);

describe('the word-by-word difference', () => {
  it('marks the words the second text drops on the side before and those it brings on the side after', () => {
    const { before, after } = wordDiff('A slow red fox', 'A quick red fox');
    expect(before.filter((part) => part.changed).map((part) => part.text)).toEqual(['slow']);
    expect(after.filter((part) => part.changed).map((part) => part.text)).toEqual(['quick']);
    expect(before.map((part) => part.text).join('')).toBe('A slow red fox');
    expect(after.map((part) => part.text).join('')).toBe('A quick red fox');
  });

  it('marks nothing on equal texts', () => {
    expect(wordDiff('Same words', 'Same words').after.every((part) => !part.changed)).toBe(true);
  });

  it('shows the words of each side in <del> and <ins>, the spaces around them unmarked', () => {
    const { before, after } = wordDiff('A slow red fox', 'A quick red fox');
    const { container } = render(
      <p>
        <TextDiff parts={before} side="before" />|<TextDiff parts={after} side="after" />
      </p>,
    );
    expect(container.textContent).toBe('A slow red fox|A quick red fox');
    expect([...container.querySelectorAll('del')].map((mark) => mark.textContent)).toEqual(['slow']);
    expect([...container.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual(['quick']);
  });
});
