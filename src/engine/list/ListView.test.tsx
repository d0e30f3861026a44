import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListColumn } from '../../../common/screenDefinition';
import i18n from '../../i18n';
import { RegistriesProvider, type CellProps, type Registries } from '../registries';
import { columnGroups } from './columnGroups';
import { ListView } from './ListView';
import type { ListController } from './useListController';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const Plain = ({ value }: CellProps) => <>{String(value)}</>;
const registries = { widgets: {}, fields: {}, cells: { text: Plain } } as unknown as Registries;
const controller = (rows: Record<string, unknown>[]) =>
  ({ rows, total: rows.length, loading: false, fetching: false, error: undefined }) as unknown as ListController;

/** A ResizeObserver that reports `width` for every element it observes, as a browser laying the list out would. */
function layoutAt(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(element: Element) {
        Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
        this.report([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
    },
  );
}

const REQUEST_COLUMNS: ListColumn[] = [
  { field: 'id', header: 'columns.id', cell: 'text' },
  { field: 'user', header: 'screens.requests.columns.user', cell: 'text' },
  { field: 'email', header: 'screens.requests.columns.email', cell: 'text', stackBelow: 1000 },
  { field: 'date', header: 'screens.requests.columns.date', cell: 'text' },
  { field: 'end', header: 'screens.requests.columns.endDate', cell: 'text', stackBelow: 1000 },
];
const request = { id: 7, user: 'Ann Requester', email: 'ann@films.test', date: '2026-10-01', end: '2026-10-31' };

function renderList(columns: ListColumn[], rows: Record<string, unknown>[], withActions = true) {
  return render(
    <RegistriesProvider value={registries}>
      <ListView controller={controller(rows)} columns={columns} onOpen={withActions ? () => undefined : undefined} canEdit />
    </RegistriesProvider>,
  );
}

describe('columnGroups', () => {
  it('puts a stackBelow column under the one before it only while the list is narrower', () => {
    const fields = (width: number | undefined) => columnGroups(REQUEST_COLUMNS, width).map((group) => group.map((column) => column.field));
    expect(fields(728)).toEqual([['id'], ['user', 'email'], ['date', 'end']]);
    expect(fields(999)).toEqual([['id'], ['user', 'email'], ['date', 'end']]);
    expect(fields(1000)).toEqual([['id'], ['user'], ['email'], ['date'], ['end']]);
    expect(fields(undefined)).toEqual([['id'], ['user'], ['email'], ['date'], ['end']]);
  });

  it('keeps a first column declaring stackBelow as its own (there is none before it)', () => {
    expect(columnGroups([{ field: 'id', header: 'columns.id', cell: 'text', stackBelow: 900 }], 300)).toHaveLength(1);
  });
});

describe('ListView', () => {
  it('shows every declared column on its own on a wide list, the row actions last', () => {
    layoutAt(1200);
    renderList(REQUEST_COLUMNS, [request]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Id', 'User', 'E-mail', 'Date', 'End date', 'Actions']);
  });

  it('shows a stacked column under the one before it on a narrow list: both headers in one, both values in one cell', () => {
    layoutAt(728);
    renderList(REQUEST_COLUMNS, [request]);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Id', 'User, E-mail', 'Date, End date', 'Actions']);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['7', 'Ann Requesterann@films.test', '2026-10-012026-10-31', expect.any(String)]);
    expect(within(cells[1]!).getByText('ann@films.test')).toBeTruthy();
  });

  it("shows a column's values as the texts of its labelKeys, and any value without a key as it is", () => {
    i18n.addResourceBundle('en', 'translation', { test: { sources: { report: 'Report', manuscript: 'Manuscript' } } }, true, false);
    renderList(
      [{ field: 'label', header: 'columns.id', cell: 'text', labelKeys: 'test.sources' }],
      [
        { id: 1, label: 'report' },
        { id: 2, label: 'manuscript' },
        { id: 3, label: 'summary' },
      ],
      false,
    );
    const values = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(values).toEqual(['Report', 'Manuscript', 'summary']);
  });
});
