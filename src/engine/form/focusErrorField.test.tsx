import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFocusFirstError } from './focusErrorField';

const scrolled = vi.fn();
beforeEach(() => {
  // jsdom lays nothing out and has no CSS.escape.
  Element.prototype.scrollIntoView = function (this: Element, options) {
    scrolled(this, options);
  };
  vi.stubGlobal('CSS', { escape: (text: string) => text });
});
afterEach(() => {
  cleanup();
  scrolled.mockReset();
  vi.unstubAllGlobals();
});

function Form({ firstError }: { firstError: { key: string } | undefined }) {
  useFocusFirstError(firstError);
  return (
    <>
      <div className="form-row" data-testid="title row">
        <label htmlFor="root_title">Title</label>
        <input id="root_title" aria-label="title" />
      </div>
      <div id="root_seriesList_1" tabIndex={-1} aria-label="second series" />
    </>
  );
}

describe('useFocusFirstError', () => {
  it('brings the first error’s row, label included, to the top and focuses its field after each failed save', async () => {
    const { rerender } = render(<Form firstError={undefined} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form firstError={{ key: 'title' }} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('title')));
    expect(scrolled).toHaveBeenCalledWith(screen.getByTestId('title row'), { block: 'start' });
  });

  it('falls back to the nearest element that shows a nested error', async () => {
    const { rerender } = render(<Form firstError={undefined} />);
    rerender(<Form firstError={{ key: 'seriesList.1.name' }} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('second series')));
  });
});
