import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Changes } from '../../../common/recordChanges';
import { ApiError } from '../api/ApiError';
import { resourceApi } from '../api/resourceApi';
import { ChangeView } from './ChangeView';
import { useFieldNames } from './useFieldNames';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const paged = (data: Record<string, unknown>[]) => ({ data, meta: { total: data.length, current_page: 1, per_page: 300, last_page: 1 } }) as never;

/** A revision's changes as the drawer shows them, named by the screen in use (the built-in ones in the unit tests). */
function Revision({ changes, screen }: { changes: Changes; screen: string }) {
  const names = useFieldNames({ name: screen, version: 0 });
  return <ChangeView changes={changes} names={names} />;
}

function show(changes: Changes, screen = 'reading-sheets') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Revision changes={changes} screen={screen} />
    </QueryClientProvider>,
  );
}

/** The value shown beside a field's label. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('ChangeView', () => {
  it('names a field by its form label and shows a per-language map one line per language, named', () => {
    show({ titles: { locales: { fr: { from: 'Le vieux titre', to: 'Le nouveau titre' }, de: { from: null, to: 'Der Titel' } } } });
    const lines = within(valueOf('Title')).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['FrançaisLe vieux titre → Le nouveau titre', 'Deutsch(empty) → Der Titel']);
    expect(lines[0]!.querySelector('[lang="fr"]')?.textContent).toBe('Français');
  });

  it('lists the items a list gained and lost by their names, and a changed item with its own changes', () => {
    show({
      characters: {
        items: {
          added: [{ at: 0, item: { id: 3, name: 'Ada', ages: [] } }],
          removed: [{ at: 1, item: { id: 2, name: 'Grace' } }],
          changed: [{ id: 4, changes: { name: { from: 'Alan', to: 'Alan Turing' } } }],
        },
      },
    });
    const items = within(valueOf('Characters')).getAllByRole('listitem');
    expect(items[0]!.textContent).toBe('Added: Ada');
    expect(items[1]!.textContent).toBe('Removed: Grace');
    expect(items[2]!.textContent).toMatch(/^Changed: Alan Turing/);
    expect(within(items[2]!).getByText('Name', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Alan → Alan Turing');
  });

  it('compares a long text word by word, the words lost in <del> and those gained in <ins>', () => {
    const before = 'A young scout finds a manuscript in an attic and follows its trail across three countries before winter.';
    const after = 'A young scout finds a manuscript in a cellar and follows its trail across three countries before winter.';
    show({ report: { locales: { en: { from: before, to: after } } } });
    const value = valueOf('Full report');
    expect([...value.querySelectorAll('del')].map((mark) => mark.textContent)).toEqual(['an attic']);
    expect([...value.querySelectorAll('ins')].map((mark) => mark.textContent)).toEqual(['a cellar']);
    expect(within(value).getByText('Before')).toBeTruthy();
    expect(within(value).getByText('After')).toBeTruthy();
  });

  it('shows the ids a picker holds by their names as its options name them, an unknown one as #id', async () => {
    const list = vi.spyOn(resourceApi, 'list').mockResolvedValue(
      paged([
        { id: 1, name: 'Drama', parent_id: null },
        { id: 2, name: 'Comedy', parent_id: null },
        { id: 3, name: 'Thriller', parent_id: null },
      ]),
    );
    const get = vi.spyOn(resourceApi, 'get').mockRejectedValue(new ApiError(404, 'Genre not found'));
    show({ parent_id: { from: 1, to: 99 } }, 'genres');
    await waitFor(() => expect(valueOf('Parent genre').textContent).toBe('Drama → #99'));
    expect(list).toHaveBeenCalledWith('genres', { perPage: 500 }, expect.anything());
    expect(get).toHaveBeenCalledWith('genres', '99', expect.anything(), undefined);
    cleanup();

    // A list of ids: the names it gained and lost.
    show({ genres: { from: [1, 2], to: [1, 3] } });
    await waitFor(() =>
      expect(
        within(valueOf('Genre(s)'))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Added: Thriller', 'Removed: Comedy']),
    );
  });

  it('names an item of a list without a name by the record its picker holds (a sheet’s author)', async () => {
    vi.spyOn(resourceApi, 'list').mockResolvedValue(paged([{ id: 7, name: 'Alexandre Dumas' }]));
    show({ authorList: { items: { added: [{ at: 0, item: { id: 7, type: 1 } }] } } });
    await waitFor(() => expect(within(valueOf('Authors')).getByRole('listitem').textContent).toBe('Added: Alexandre Dumas'));
  });

  it('shows an object that appeared as a whole by what it holds (nothing for an empty one), a field no form names by its name in words', () => {
    show(
      {
        reporterTextsData: {
          locales: {
            en: { from: null, to: { alerts: [{ id: 39, text: 'A first alert', textType: 'alerts' }], buzz: [] } },
            fr: { from: null, to: { alerts: [], buzz: [] } },
          },
        },
      },
      'reporters',
    );
    // French got an empty structure only: no line.
    expect(valueOf('Reporter texts data').querySelectorAll('.change-locale')).toHaveLength(1);
    const english = within(valueOf('Reporter texts data')).getAllByRole('listitem')[0]!;
    expect(english.querySelector('[lang="en"]')?.textContent).toBe('English');
    expect(within(english).getByText('Alerts', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Added: A first alert');
  });

  it('shows a file by its name and size, a missing value as (empty)', () => {
    show({ manuscript: { from: { name: 'draft.pdf', size: 2048 }, to: null } });
    expect(valueOf('Manuscript').textContent).toBe('draft.pdf (2.0 KB) → (empty)');
  });
});
