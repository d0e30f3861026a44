import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertRegistered } from './form/assertRegistered';
import type { ListController } from './list/useListController';
import { ListView } from './list/ListView';
import { cellOf, RegistriesProvider, useRegistries, type CellProps, type Registries } from './registries';

afterEach(cleanup);

const Upper = ({ value }: CellProps) => <b>{String(value).toUpperCase()}</b>;
const Plain = ({ value }: CellProps) => <>{String(value)}</>;
const registries = {
  widgets: { stars: () => null },
  fields: { translatable: () => null },
  cells: { text: Plain, colorSwatch: Upper },
} as unknown as Registries;

describe('registries', () => {
  it('fail loudly without a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useRegistries())).toThrow(/RegistriesProvider/);
  });

  it('render a list with the cells the app hands down', () => {
    const controller = { rows: [{ id: 1, color: 'red' }], total: 1, loading: false, fetching: false, error: undefined } as unknown as ListController;
    render(
      <RegistriesProvider value={registries}>
        <ListView controller={controller} columns={[{ field: 'color', header: 'Colour', cell: 'colorSwatch' }]} />
      </RegistriesProvider>,
    );
    expect(screen.getByText('RED').tagName).toBe('B');
  });

  it('name the missing cell, widget or field', () => {
    expect(cellOf(registries.cells, undefined)).toBe(Plain);
    expect(() => cellOf(registries.cells, 'sparkline')).toThrow('Unknown cell "sparkline"');
    expect(() => assertRegistered({ rating: { 'ui:widget': 'stars' }, title: { 'ui:widget': 'textarea' } }, registries)).not.toThrow();
    expect(() => assertRegistered({ rating: { 'ui:widget': 'hearts' } }, registries)).toThrow('Unknown ui:widget "hearts"');
    expect(() => assertRegistered({ names: { 'ui:field': 'multilingual' } }, registries)).toThrow('Unknown ui:field "multilingual"');
  });
});
