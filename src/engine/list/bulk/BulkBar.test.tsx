import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_BULK_ROWS } from '../../../../common/bulkAnswers';
import { screensInUse } from '../../resource/definitions';
import i18n from '../../../i18n';
import { BulkBar, type BulkBarProps } from './BulkBar';

afterEach(cleanup);

const bar = (props: Partial<BulkBarProps>) =>
  render(
    <BulkBar
      actions={[{ name: 'delete', action: 'delete', label: 'bulk.delete', confirm: 'bulk.deleteConfirm' }]}
      chosen={2}
      total={50}
      exact
      allMatching={false}
      onAllMatching={() => undefined}
      onClear={() => undefined}
      onAction={() => undefined}
      {...props}
    />,
  );

describe('BulkBar', () => {
  it('offers every row the list matches while a bulk action can take them', () => {
    const onAllMatching = vi.fn();
    bar({ total: 1234, onAllMatching });
    fireEvent.click(screen.getByRole('button', { name: 'Choose all 1,234 rows the list matches' }));
    expect(onAllMatching).toHaveBeenCalledOnce();
  });

  it('says why, with no dead button, when the list matches more rows than an action takes', () => {
    bar({ total: MAX_BULK_ROWS + 1 });
    expect(screen.queryByRole('button', { name: /^Choose all/ })).toBeNull();
    expect(screen.getByText(/^The list matches 10,001 rows and a bulk action takes at most 10,000: narrow the list/)).toBeTruthy();
    cleanup();
    bar({ total: MAX_BULK_ROWS, exact: false });
    expect(screen.queryByRole('button', { name: /^Choose all/ })).toBeNull();
    expect(screen.getByText(/^The list matches more than 10,000 rows and a bulk action takes at most 10,000/)).toBeTruthy();
  });
});

describe("the bulk actions' questions", () => {
  const actions = screensInUse()!.definitions.flatMap((screen) => (screen.list?.bulkActions ?? []).map((action) => ({ screen: screen.resource, action })));

  it('read as sentences for one row and for many, the number in the locale’s digits', () => {
    expect(actions.length).toBeGreaterThan(3);
    for (const { screen: name, action } of actions) {
      const one = i18n.t(action.confirm, { count: 1 });
      const many = i18n.t(action.confirm, { count: 1234 });
      expect(one, `${name} ${action.name}`).toMatch(/^[A-Z][^{}]+\?/);
      // One row is 'the row chosen', never '1 rows' nor 'the 1 …'.
      expect(one, `${name} ${action.name}`).not.toMatch(/\b1\b/);
      expect(many, `${name} ${action.name}`).toMatch(/ the 1,234 [a-z]+s chosen\?/);
      // The clumsy wording of old ('one its rules refuse', 'as on its own') is gone.
      for (const text of [one, many]) expect(text).not.toMatch(/one its rules|as on its own|left as it is/);
    }
  });
});
