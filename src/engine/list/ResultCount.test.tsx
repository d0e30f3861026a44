import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCount } from './ResultCount';

afterEach(cleanup);

/** What the count says (each render on its own: the earlier one unmounted). */
function counted(total: number, exact = true, more: { loading?: boolean; error?: unknown } = {}, label?: string) {
  cleanup();
  return render(<ResultCount controller={{ total, exact, loading: more.loading ?? false, error: more.error }} label={label} />).getByRole('status').textContent;
}

describe('ResultCount', () => {
  it("says how many rows match in the screen's words and the locale's numbers, one and many", () => {
    expect(counted(1234, true, {}, 'screens.reading-sheets.count')).toBe('1,234 reading sheets');
    expect(counted(1, true, {}, 'screens.reading-sheets.count')).toBe('1 reading sheet');
    expect(counted(2, true, {}, 'screens.requests.count')).toBe('2 requests');
    expect(counted(1, true, {}, 'screens.literary-prizes.count')).toBe('1 literary prize');
  });

  it("says 'More than' past the list's count bound, and rows when the screen names none", () => {
    expect(counted(10_000, false, {}, 'screens.reading-sheets.count')).toBe('More than 10,000 reading sheets');
    expect(counted(12)).toBe('12 rows');
    expect(counted(1)).toBe('1 row');
  });

  it('says nothing while the list loads, when it failed or when nothing matches (the table says so), its live region kept', () => {
    expect(counted(40, true, { loading: true }, 'screens.reading-sheets.count')).toBe('');
    expect(counted(40, true, { error: new Error('down') }, 'screens.reading-sheets.count')).toBe('');
    expect(counted(0, true, {}, 'screens.reading-sheets.count')).toBe('');
  });
});
