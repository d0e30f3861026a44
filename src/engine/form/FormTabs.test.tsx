import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormTabs, type FormTabHeader } from './FormTabs';

const HEADERS: FormTabHeader[] = [
  { label: 'Base', hasError: false },
  { label: 'Criteria', hasError: true },
  { label: 'Files', hasError: false },
];

function Tabs() {
  const [active, setActive] = useState(0);
  return (
    <FormTabs className="form-tabs" headers={HEADERS} active={active} onChange={setActive}>
      <p>fields of {HEADERS[active]!.label}</p>
    </FormTabs>
  );
}

afterEach(cleanup);

describe('form tabs', () => {
  it('show the active tab, mark a tab with an error, and switch on click', () => {
    render(<Tabs />);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Base');
    expect(screen.getByRole('tabpanel').textContent).toBe('fields of Base');
    expect(screen.getByRole('tab', { name: 'Criteria' }).closest('li')!.className).toContain('tab-has-error');
    fireEvent.click(screen.getByRole('tab', { name: 'Files' }));
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Files');
    expect(screen.getByRole('tabpanel').textContent).toBe('fields of Files');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Files' }).id);
  });

  it('move between tabs with the arrow keys, Home and End, focus following', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Base').tabIndex).toBe(0);
    expect(tab('Files').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Base'), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Criteria');
    expect(document.activeElement).toBe(tab('Criteria'));
    fireEvent.keyDown(tab('Criteria'), { key: 'End' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Files');
    fireEvent.keyDown(tab('Files'), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Base');
    fireEvent.keyDown(tab('Base'), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Files');
    fireEvent.keyDown(tab('Files'), { key: 'Home' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Base');
  });
});
