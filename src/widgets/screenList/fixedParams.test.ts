import { describe, expect, it } from 'vitest';
import { fixedParams } from './fixedParams';

describe('fixedParams', () => {
  it('puts the record id in place of "$recordId" and keeps the other values', () => {
    expect(fixedParams({ user_id: '$recordId', type: 2 }, '17')).toEqual({ user_id: '17', type: 2 });
    expect(fixedParams({}, 3)).toEqual({});
  });
});
