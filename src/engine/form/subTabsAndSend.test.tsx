import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { resourceApi } from '../api/resourceApi';
import { firstErrorLocation, formTabs, subTabOf } from './errorRouting';
import { useFormController, type FormControllerOptions } from './useFormController';

afterEach(() => vi.restoreAllMocks());

describe('form tabs with sub-tabs', () => {
  const uiSchema = {
    'ui:options': {
      tabs: [
        { label: 'base', fields: ['title'] },
        { label: 'criteria', fields: [], tabs: [{ label: 'audiences', fields: ['audiences'] }, { label: 'genres', fields: ['genres', 'primary_genre'] }] },
        { label: 'adaptation', fields: ['notes'], tabs: [{ label: 'budget', fields: ['budget'] }] },
      ],
    },
  };

  it("count a sub-tab's fields as its tab's, after the tab's own", () => {
    const tabs = formTabs(uiSchema);
    expect(tabs.map((tab) => tab.fields)).toEqual([['title'], ['audiences', 'genres', 'primary_genre'], ['notes', 'budget']]);
    expect(subTabOf(tabs[1], 'primary_genre')).toBe(1);
    expect(subTabOf(tabs[2], 'notes')).toBeUndefined();
    expect(subTabOf(tabs[0], 'title')).toBeUndefined();
  });

  it('route the first error to the tab that holds its sub-tab', () => {
    const tabs = formTabs(uiSchema);
    const order = ['title', 'audiences', 'genres', 'primary_genre', 'notes', 'budget'];
    const location = firstErrorLocation({ budget: ['x'], primary_genre: ['y'] }, order, tabs);
    expect(location).toMatchObject({ key: 'primary_genre', tab: 1 });
    expect(subTabOf(tabs[location!.tab!], 'primary_genre')).toBe(1);
  });

  it('leave tabs without sub-tabs as declared', () => {
    expect(formTabs({ 'ui:options': { tabs: [{ label: 'a', fields: ['x'] }] } })).toEqual([{ label: 'a', fields: ['x'] }]);
  });
});

function setup(options: Partial<FormControllerOptions>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useFormController({ api: 'books', id: undefined, schemaProperties: ['titles', 'company_id'], ...options }), { wrapper });
}

describe('useFormController: send, normalize, key order', () => {
  it("saves through the screen's own send, and normalizes what it loads and saves", async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 4, titles: { en: 'A' }, company_id: null });
    const save = vi.spyOn(resourceApi, 'save');
    const send = vi.fn().mockResolvedValue({ message: 'Updated', data: { id: 4, titles: { en: 'B' }, company_id: null, version: 2 } });
    const normalize = (record: { id: number } & Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) as typeof record;
    const { result } = setup({ id: '4', send, normalize });
    await waitFor(() => expect(result.current.formData).toEqual({ id: 4, titles: { en: 'A' } }));
    await act(async () => expect(await result.current.save({ id: 4, titles: { en: 'B' } })).toBe(true));
    expect(send).toHaveBeenCalledWith({ id: 4, titles: { en: 'B' } }, '4', { files: {}, onProgress: expect.any(Function) });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.formData).toEqual({ id: 4, titles: { en: 'B' }, version: 2 });
  });

  it("turns send's 422 into field errors like a normal save", async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(422, 'Bad', { 'titles.fr': ['Too long.'] }));
    const { result } = setup({ send });
    await act(async () => expect(await result.current.save({ titles: { fr: 'x' } })).toBe(false));
    expect(result.current.errors).toEqual({ 'titles.fr': ['Too long.'] });
    expect(result.current.firstError).toMatchObject({ key: 'titles.fr', locale: 'fr' });
  });

  it('does not count keys reordered by the form as a change', async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 4, titles: { de: 'D', en: 'E' } });
    const { result } = setup({ id: '4' });
    await waitFor(() => expect(result.current.formData).toMatchObject({ id: 4 }));
    act(() => result.current.setFormData({ titles: { en: 'E', de: 'D' }, id: 4 }));
    expect(result.current.dirty).toBe(false);
  });
});
