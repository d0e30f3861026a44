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
        {
          label: 'criteria',
          fields: [],
          tabs: [
            { label: 'audiences', fields: ['audiences'] },
            { label: 'genres', fields: ['genres', 'primary_genre'] },
          ],
        },
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
  return renderHook(
    (props: Partial<FormControllerOptions> = {}) =>
      useFormController({ api: 'books', id: undefined, schemaProperties: ['titles', 'company_id'], ...options, ...props }),
    {
      wrapper,
    },
  );
}

describe('useFormController: send, normalize, key order', () => {
  it("saves through the screen's own send, and normalizes what it loads and saves", async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 4, titles: { en: 'A' }, company_id: null });
    const save = vi.spyOn(resourceApi, 'save');
    const send = vi.fn().mockResolvedValue({ message: 'Updated', data: { id: 4, titles: { en: 'B' }, company_id: null, version: 2 } });
    const normalize = (record: { id: number } & Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) as typeof record;
    const { result } = setup({ id: '4', send, normalize });
    await waitFor(() => expect(result.current.formData).toEqual({ id: 4, titles: { en: 'A' } }));
    await act(async () => expect(await result.current.save({ id: 4, titles: { en: 'B' } })).toBe(true));
    // The screen's send also gets the record as loaded (normalized), to send only what changed.
    expect(send).toHaveBeenCalledWith({ id: 4, titles: { en: 'B' } }, '4', {
      files: {},
      onProgress: expect.any(Function),
      initial: { id: 4, titles: { en: 'A' } },
    });
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

  it('reads the record with its parameters, and again in place of the form when they change', async () => {
    const get = vi
      .spyOn(resourceApi, 'get')
      .mockImplementation(async (_api, id, _signal, params) => ({ id: Number(id), titles: { en: `in ${String(params?.lang)}` } }));
    const { result, rerender } = setup({ id: '4', recordParams: { lang: 'en' } });
    await waitFor(() => expect(result.current.formData).toEqual({ id: 4, titles: { en: 'in en' } }));
    expect(get).toHaveBeenLastCalledWith('books', '4', expect.anything(), { lang: 'en' });
    rerender({ recordParams: { lang: 'fr' } });
    await waitFor(() => expect(result.current.formData).toEqual({ id: 4, titles: { en: 'in fr' } }));
    expect(result.current.initial).toEqual({ id: 4, titles: { en: 'in fr' } });
    expect(result.current.dirty).toBe(false);
  });

  it('starts a new record from its defaults, which are no unsaved change', () => {
    const { result } = setup({ defaults: { titles: { en: '' }, company_id: 1 } });
    expect(result.current.formData).toEqual({ titles: { en: '' }, company_id: 1 });
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setFormData({ titles: { en: 'x' }, company_id: 1 }));
    expect(result.current.dirty).toBe(true);
  });
});
