import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditsInput, readCredits } from './CreditsInput';

afterEach(cleanup);

describe('readCredits', () => {
  it('reads digits as a whole number of credits, empty as none', () => {
    expect(readCredits('25')).toEqual({ value: 25 });
    expect(readCredits(' 0 ')).toEqual({ value: 0 });
    expect(readCredits('1000000')).toEqual({ value: 1_000_000 });
    expect(readCredits('')).toEqual({ value: null });
  });

  it('refuses a decimal (never read as 25), a comma, an exponent or words; and a number out of 0 to 1,000,000', () => {
    for (const text of ['2.5', '2,5', '1e3', 'ten', '2 5', '.5']) expect(readCredits(text), text).toEqual({ problem: 'notWhole' });
    for (const text of ['-3', '1000001']) expect(readCredits(text), text).toEqual({ problem: 'range' });
  });
});

describe('CreditsInput', () => {
  function Field({ onChange, initial = 10 }: { onChange(value: number | null | undefined): void; initial?: number }) {
    const [value, setValue] = useState<number | null | undefined>(initial);
    return (
      <>
        <label htmlFor="credits">New balance</label>
        <CreditsInput
          inputId="credits"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
        />
        <button type="button" onClick={() => setValue(100)}>
          Pick a plan
        </button>
      </>
    );
  }

  it("keeps '2.5' as typed, says under the field why it is refused, and hands no number", () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByLabelText('New balance') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2.5' } });
    expect(input.value).toBe('2.5');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    const message = screen.getByRole('alert');
    expect(message.textContent).toBe('Credits are whole numbers: "2.5" is not one. Type digits only, with no decimal point.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);

    fireEvent.change(input, { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith(25);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '-1' } });
    expect(screen.getByRole('alert').textContent).toBe('Credits go from 0 to 1000000.');
  });

  it('shows a value set from outside (a plan picked), replacing a refused text', () => {
    render(<Field onChange={() => undefined} />);
    const input = screen.getByLabelText('New balance') as HTMLInputElement;
    expect(input.value).toBe('10');
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pick a plan' }));
    expect(input.value).toBe('100');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
