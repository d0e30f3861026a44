import { describe, expect, it } from 'vitest';
import { sameData } from './sameData';

const viaJson = (a: unknown, b: unknown) => {
  const canonical = (value: unknown) =>
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : 1))) : item,
    );
  return canonical(a) === canonical(b);
};

describe('sameData (the unsaved-changes check)', () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ['keys in another order', { a: 1, b: { c: [1, 2], d: 'x' } }, { b: { d: 'x', c: [1, 2] }, a: 1 }, true],
    ['an undefined property is an absent one', { a: 1, b: undefined }, { a: 1 }, true],
    ['…on either side', { a: 1 }, { a: 1, b: undefined }, true],
    ['a typed character', { titles: { en: 'Dune' } }, { titles: { en: 'Dunes' } }, false],
    ['a key added', { a: 1 }, { a: 1, b: 2 }, false],
    ['a key removed', { a: 1, b: 2 }, { a: 1 }, false],
    ['a null is not absent', { a: null }, {}, false],
    ['an array item changed', { l: [{ n: 'a' }, { n: 'b' }] }, { l: [{ n: 'a' }, { n: 'c' }] }, false],
    ['an array item added', { l: [1] }, { l: [1, 2] }, false],
    ['arrays keep their order', { l: [1, 2] }, { l: [2, 1] }, false],
    ['an undefined array item is null', { l: [undefined] }, { l: [null] }, true],
    ['a number is not its text', { n: 1 }, { n: '1' }, false],
    ['an array is not an object', { v: [] }, { v: {} }, false],
    ['an empty object is not absent', { v: {} }, {}, false],
  ];
  it.each(cases)('%s', (_name, a, b, same) => {
    expect(sameData(a, b)).toBe(same);
    expect(sameData(b, a)).toBe(same);
    // The same answer as comparing the canonical JSON, which the check replaces.
    expect(viaJson(a, b)).toBe(same);
  });
});
