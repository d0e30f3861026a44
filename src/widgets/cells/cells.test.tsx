import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookStatusCell, HtmlCell, NullParentCell, StarsCell } from './cells';

describe('cells', () => {
  it('shows a book status as a tag in its colour: 1 red, 2 orange, 3 grey, 4 green', () => {
    const colours = [1, 2, 3, 4].map((id) => {
      const { container } = render(<BookStatusCell value={{ id, label: `S${id}` }} row={{}} />);
      const tag = container.querySelector('.status-tag') as HTMLElement;
      expect(tag.textContent).toBe(`S${id}`);
      return tag.style.background;
    });
    expect(colours).toEqual(['rgb(211, 47, 47)', 'rgb(194, 65, 12)', 'rgb(117, 117, 117)', 'rgb(46, 125, 50)']);
    expect(render(<BookStatusCell value={null} row={{}} />).container.textContent).toBe('-');
  });

  it('strips HTML and cuts a description to 150 characters plus an ellipsis', () => {
    const long = `<p>${'a'.repeat(149)}<b>bc</b></p>`;
    expect(render(<HtmlCell value={long} row={{}} />).container.textContent).toBe(`${'a'.repeat(149)}b...`);
    expect(render(<HtmlCell value="<p>Short <i>one</i></p>" row={{}} />).container.textContent).toBe('Short one');
  });

  it('shows an icon for a top-level row (null parent) and the id otherwise', () => {
    expect(render(<NullParentCell value={null} row={{}} />).container.querySelector('.pi-sitemap')).not.toBeNull();
    expect(render(<NullParentCell value={3} row={{}} />).container.textContent).toBe('3');
  });

  it('shows a rating as its stars, read as words, and a dash when the row is not rated', () => {
    const { container } = render(<StarsCell value={3} row={{}} />);
    expect(container.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('3 of 4 stars');
    expect(container.querySelectorAll('.pi-star-fill')).toHaveLength(3);
    expect(container.querySelectorAll('.pi-star')).toHaveLength(1);
    expect(
      render(<StarsCell value={0} row={{}} />)
        .container.querySelector('[role="img"]')!
        .getAttribute('aria-label'),
    ).toBe('0 of 4 stars');
    expect(render(<StarsCell value={null} row={{}} />).container.textContent).toBe('-');
  });
});
