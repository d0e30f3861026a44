import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextDiff } from './TextDiff';
import { wordDiff } from './wordDiff';

afterEach(cleanup);

describe('TextDiff', () => {
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
