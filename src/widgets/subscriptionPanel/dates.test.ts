import { describe, expect, it } from 'vitest';
import { addMonths, dayOf, formatDay, formatEuros, parseDay } from './dates';

describe('subscription dates and amounts', () => {
  it('writes and reads the API day format in local time', () => {
    expect(formatDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(parseDay('2026-01-05')?.getDate()).toBe(5);
    expect(parseDay('05/01/2026')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('adds months within the month, across years', () => {
    expect(formatDay(addMonths(new Date(2026, 0, 31), 1))).toBe('2026-02-28');
    expect(formatDay(addMonths(new Date(2028, 0, 31), 1))).toBe('2028-02-29');
    expect(formatDay(addMonths(new Date(2026, 10, 25), 12))).toBe('2027-11-25');
    expect(formatDay(addMonths(new Date(2026, 11, 15), 3))).toBe('2027-03-15');
  });

  it('shows the day of a timestamp, a dash without one', () => {
    expect(dayOf('2027-09-26T00:00:00.000Z')).toBe('2027-09-26');
    expect(dayOf(null)).toBe('-');
  });

  it('shows cents as euros', () => {
    const shown = formatEuros(24900);
    expect(shown).toContain('249');
    expect(shown).toContain('€');
    expect(formatEuros(9950)).toMatch(/99[.,]50/);
  });
});
