import { describe, expect, it } from 'vitest';
import authors from '../../../../schemas/authors.screen.json';
import demands from '../../../../schemas/demands.screen.json';
import genres from '../../../../schemas/genres.screen.json';
import i18n from '../../../i18n';
import type { Json } from '../draftEdits';
import type { ScreenCatalog } from '../studioCalls';
import { filterChoices, newFilter } from './newFilter';

type CatalogFilter = ScreenCatalog['filters'][number];
const t = (key: string) => i18n.t(key);
const labelOf = (labels: Json, key: string) =>
  key
    .split('.')
    .slice(2)
    .reduce<unknown>((node, part) => (node as Json)[part], labels);

describe('a new filter, as the field it filters shows it', () => {
  it('offers a parent_id tree as a tree, labelled with the field’s label, never the parameter', () => {
    const declared: CatalogFilter = { param: 'parent_id', kind: 'filter', several: true, op: 'in', text: false, field: 'parent_id' };
    const { filter, labels } = newFilter(t, 'screens.genres', genres as Json, {}, declared);
    expect(filter).toEqual({
      param: 'parent_id',
      label: 'screens.genres.filters.parent_id',
      widget: 'treeSelect',
      options: { api: 'genres', perPage: 500, parentField: 'parent_id', labelField: 'name' },
    });
    expect(labelOf(labels, filter.label)).toBe('Parent genre');
  });

  it('takes a select’s choices from the same list, one or several as the parameter takes, read whole (no picker’s search)', () => {
    const status: CatalogFilter = { param: 'status', kind: 'filter', several: true, op: 'in', text: false, field: 'demand_status_id' };
    const made = newFilter(t, 'screens.requests', demands as Json, {}, status);
    expect(made.filter).toEqual({
      param: 'status',
      label: 'screens.requests.filters.status',
      widget: 'multiSelect',
      options: { api: 'utilities/demand-statuses', perPage: 500 },
    });
    expect(labelOf(made.labels, made.filter.label)).toBe('Request status');
    const user: CatalogFilter = { param: 'user_id', kind: 'filter', several: false, op: 'in', text: false, field: 'user_id' };
    const one = newFilter(t, 'screens.requests', demands as Json, {}, user);
    expect(one.filter).toMatchObject({ widget: 'select', options: { api: 'users/user-options-list', perPage: 500, labelField: 'name' } });
    expect(one.filter.options).not.toHaveProperty('searchParam');
    expect(one.filter.options).not.toHaveProperty('idsParam');
    const country: CatalogFilter = { param: 'country_id', kind: 'filter', several: true, op: 'in', text: false, field: 'country_id' };
    expect(labelOf(newFilter(t, 'screens.authors', authors as Json, {}, country).labels, 'screens.authors.filters.country_id')).toBe(
      t('screens.authors.country'),
    );
  });

  it('offers the words a parameter takes and yes or no for a flag, each labelled in words', () => {
    const state: CatalogFilter = { param: 'subscription_state', kind: 'filter', several: true, op: 'derived', text: false, values: ['none', 'active'] };
    const made = newFilter(t, 'screens.users', {}, {}, state);
    expect(made.filter).toEqual({
      param: 'subscription_state',
      label: 'screens.users.filters.subscription_state',
      widget: 'multiSelect',
      options: {
        static: [
          { value: 'none', label: 'screens.users.filterValues.subscription_state.none' },
          { value: 'active', label: 'screens.users.filterValues.subscription_state.active' },
        ],
      },
    });
    expect(labelOf(made.labels, made.filter.label)).toBe('Subscription state');
    expect(labelOf(made.labels, 'screens.users.filterValues.subscription_state.active')).toBe('Active');
    const flag = newFilter(t, 'screens.users', {}, {}, { param: 'is_accepted', kind: 'filter', several: false, op: 'boolean', text: false });
    expect(flag.filter).toMatchObject({ widget: 'select', options: { static: [{ value: 1 }, { value: 0 }] } });
    expect(labelOf(flag.labels, 'screens.users.filterValues.is_accepted.yes')).toBe('Yes');
  });

  it('offers only the parameters that filter rows: never the paging, the language, nor the header’s search', () => {
    const catalog = {
      filters: [
        { param: 'page', kind: 'paging', several: false },
        { param: 'perPage', kind: 'paging', several: false },
        { param: 'lang', kind: 'language', several: false },
        { param: 'name', kind: 'filter', several: false, op: 'search', text: true },
        { param: 'parent_id', kind: 'filter', several: true, op: 'in', text: false, field: 'parent_id' },
      ],
    } as ScreenCatalog;
    expect(filterChoices(catalog, genres as Json).map((filter) => filter.param)).toEqual(['parent_id']);
  });
});
