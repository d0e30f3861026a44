import { describe, expect, it } from 'vitest';
import type { ListColumn, ListFilter } from '../../../../common/screenDefinition';
import { addressOfView, choosableColumns, choosableKeys, sameView, shownColumns, viewOfAddress } from './viewAddress';

const filters = [
  { param: 'statuses', label: 'x', widget: 'multiSelect' },
  { param: 'author', label: 'x', widget: 'select' },
] as ListFilter[];
const shape = { searchParam: 'search', filters };

const columns = [
  { field: 'id', header: 'columns.id' },
  { field: 'user', header: 'h.user', cell: 'userWithCompany' },
  { field: 'user', header: 'h.email', cell: 'userEmail' },
] as ListColumn[];

describe('a view and the list’s address', () => {
  it('keeps the search under the list’s own parameter, the filters, page size and columns; never the page or the cursors', () => {
    const params = new URLSearchParams('q=night&statuses=2&statuses=4&author=7&perPage=20&page=3&after=abc&columns=id,user:userEmail&unknown=1');
    expect(viewOfAddress(params, shape)).toEqual({
      query: { search: 'night', statuses: ['2', '4'], author: ['7'], perPage: '20' },
      columns: ['id', 'user:userEmail'],
    });
  });

  it('opens a view as an address the list reads back to the same view', () => {
    const view = { query: { search: 'night', statuses: ['2', '4'], perPage: '20' }, columns: ['user:userEmail', 'id'] };
    const address = addressOfView(view, shape);
    expect(address.toString()).toBe('q=night&statuses=2&statuses=4&perPage=20&columns=user%3AuserEmail%2Cid');
    expect(sameView(viewOfAddress(address, shape), view)).toBe(true);
    // A saved view's address also says which view it is (its id), which the view's content ignores.
    const saved = addressOfView({ ...view, id: 7 }, shape);
    expect(saved.get('view')).toBe('7');
    expect(sameView(viewOfAddress(saved, shape), view)).toBe(true);
  });

  it('tells the same view whatever the order of its parameters and values, not another one', () => {
    const a = { query: { statuses: ['2', '4'], search: 'x' }, columns: [] };
    expect(sameView(a, { query: { search: 'x', statuses: ['4', '2'] }, columns: [] })).toBe(true);
    expect(sameView(a, { query: { search: 'x', statuses: ['4'] }, columns: [] })).toBe(false);
    expect(sameView(a, { query: a.query, columns: ['id'] })).toBe(false);
  });
});

describe('the columns a person may choose', () => {
  const offered = [
    { field: 'demand_date', header: 'h.date', cell: 'date' as const },
    { field: 'book', header: 'h.book', cell: 'readingSheetLink' as const },
    // The key of a column of the screen's own: offered once, as the screen shows it.
    { field: 'user', header: 'h.userAgain', cell: 'userEmail' as const },
  ];
  const choosable = choosableColumns(columns, offered);

  it('offers the screen’s own (a field shown twice by its cell) then the columns it declares as choices, nothing else', () => {
    expect(choosable.map((entry) => [entry.key, entry.declared])).toEqual([
      ['id', true],
      ['user:userWithCompany', true],
      ['user:userEmail', true],
      ['demand_date:date', false],
      ['book:readingSheetLink', false],
    ]);
    // Each offer as declared: its header and its cell.
    expect(choosable[3]!.column).toEqual(offered[0]);
    expect(choosableColumns(columns).map((entry) => entry.key)).toEqual(['id', 'user:userWithCompany', 'user:userEmail']);
  });

  it('shows the chosen ones in their order, leaving out a key the list no longer has; the screen’s own when none is chosen', () => {
    expect(shownColumns(choosable, ['book:readingSheetLink', 'user:userEmail', 'gone']).map((column) => column.header)).toEqual(['h.book', 'h.email']);
    expect(shownColumns(choosable, [])).toEqual(columns);
  });

  it('names the keys a view may keep: each column’s, and the field of one shown through a cell', () => {
    expect([...choosableKeys(choosable)].sort()).toEqual([
      'book',
      'book:readingSheetLink',
      'demand_date',
      'demand_date:date',
      'id',
      'user',
      'user:userEmail',
      'user:userWithCompany',
    ]);
  });
});

describe('shownColumns', () => {
  it('takes a field the screen shows through a cell as that column (a link or an export may name the field)', () => {
    const declared = [
      { field: 'id', header: 'h.id', cell: 'text' as const },
      { field: 'user', header: 'h.user', cell: 'userWithCompany' as const },
      { field: 'user', header: 'h.email', cell: 'userEmail' as const },
    ];
    const choosable = choosableColumns(declared, [{ field: 'book', header: 'h.book', cell: 'readingSheetLink' }]);
    expect(shownColumns(choosable, ['user', 'book']).map((column) => column.header)).toEqual(['h.user', 'h.book']);
    expect(shownColumns(choosable, ['user:userEmail']).map((column) => column.header)).toEqual(['h.email']);
  });
});
