import { describe, expect, it } from 'vitest';
import { isVisible } from './visibility';

describe('isVisible (ui:options.visibleWhen)', () => {
  it('shows a field without a rule, or while the other field has the value', () => {
    expect(isVisible(undefined, { type: 1 })).toBe(true);
    expect(isVisible({ 'ui:widget': 'text' }, {})).toBe(true);
    const image = { 'ui:options': { visibleWhen: { field: 'type', equals: 1 } } };
    expect(isVisible(image, { type: 1 })).toBe(true);
    expect(isVisible(image, { type: 0 })).toBe(false);
    expect(isVisible(image, { type: '1' })).toBe(false);
    expect(isVisible(image, undefined)).toBe(false);
  });

  it('accepts a list of values', () => {
    const rule = { 'ui:options': { visibleWhen: { field: 'status', in: [2, 3] } } };
    expect(isVisible(rule, { status: 3 })).toBe(true);
    expect(isVisible(rule, { status: 1 })).toBe(false);
  });
});
