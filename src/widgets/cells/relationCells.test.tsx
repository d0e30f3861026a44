import { fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ReadingSheetLinkCell, RelationNameCell, UserEmailCell, UserWithCompanyCell } from './relationCells';

describe('relation cells', () => {
  it("shows a user's name with the company in brackets, and a dash without a name", () => {
    expect(render(<UserWithCompanyCell value={{ name: 'Ann Lee', company: 'Films', email: 'a@b.test' }} row={{}} />).container.textContent).toBe(
      'Ann Lee (Films)',
    );
    expect(render(<UserWithCompanyCell value={{ name: 'Ann Lee', company: null }} row={{}} />).container.textContent).toBe('Ann Lee');
    expect(render(<UserWithCompanyCell value={null} row={{}} />).container.textContent).toBe('-');
  });

  it("shows a user's e-mail and a related record's name, or a dash", () => {
    expect(render(<UserEmailCell value={{ name: 'Ann', email: 'ann@example.test' }} row={{}} />).container.textContent).toBe('ann@example.test');
    expect(render(<UserEmailCell value={undefined} row={{}} />).container.textContent).toBe('-');
    // It may break at its @ only, never inside a word; the whole address is its hover text.
    const email = render(<UserEmailCell value={{ email: 'genoveffa_tataranni@subscribers.example' }} row={{}} />).container.querySelector('.cell-email')!;
    expect([...email.querySelectorAll('.cell-email-part')].map((part) => part.textContent)).toEqual(['genoveffa_tataranni', '@subscribers.example']);
    expect(email.querySelectorAll('wbr')).toHaveLength(1);
    expect(email.getAttribute('title')).toBe('genoveffa_tataranni@subscribers.example');
    expect(render(<RelationNameCell value={{ id: 2, name: 'Option' }} row={{}} />).container.textContent).toBe('Option');
    expect(render(<RelationNameCell value={null} row={{}} />).container.textContent).toBe('-');
  });

  it('links a reading sheet to its editor by title and authors; the click stays on the link, not the row', () => {
    const onRow = vi.fn();
    const { container } = render(
      <MemoryRouter>
        <div onClick={onRow}>
          <ReadingSheetLinkCell value={{ id: 12, original_title: 'Dune', authorList: [{ id: 1, name: 'Frank Herbert' }] }} row={{}} />
        </div>
      </MemoryRouter>,
    );
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/reading-sheet/12');
    expect(link.textContent).toBe('Dune (Frank Herbert)');
    fireEvent.click(link);
    expect(onRow).not.toHaveBeenCalled();
    expect(render(<ReadingSheetLinkCell value={null} row={{}} />).container.textContent).toBe('-');
  });
});
