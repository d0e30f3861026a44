import { describe, expect, it } from 'vitest';
import { wordDiff } from './wordDiff';

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

  it('keeps each side as written, its spaces included, when a word comes before a full stop', () => {
    const { before, after } = wordDiff('who lies.', 'who lies about everything.');
    expect(before.map((part) => part.text).join('')).toBe('who lies.');
    expect(after.map((part) => part.text).join('')).toBe('who lies about everything.');
    expect(after.filter((part) => part.changed).map((part) => part.text.trim())).toEqual(['about everything']);
  });
});
