import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFormDataStore, useFormValue } from './formDataStore';

describe('form data store', () => {
  it('gives a component the value of one field and renders it again only when that value changes', () => {
    const store = createFormDataStore({ serie: 0, title: 'a' });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useFormValue(store, 'serie');
    });
    expect(result.current).toBe(0);
    const before = renders;
    act(() => {
      store.set({ serie: 0, title: 'ab' });
      store.notify();
    });
    expect(renders).toBe(before);
    act(() => {
      store.set({ serie: 1, title: 'ab' });
      store.notify();
    });
    expect(result.current).toBe(1);
  });

  it('does not render again when a list comes back as a copy with the same content', () => {
    const authors = [{ id: 1, type: 1 }];
    const store = createFormDataStore({ authorList: authors, title: 'a' });
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useFormValue(store, 'authorList');
    });
    const before = renders;
    act(() => {
      store.set({ authorList: authors.map((a) => ({ ...a })), title: 'ab' });
      store.notify();
    });
    expect(renders).toBe(before);
    expect(result.current).toBe(authors);
    act(() => {
      store.set({ authorList: [...authors, { id: 2, type: 2 }], title: 'ab' });
      store.notify();
    });
    expect(result.current).toEqual([
      { id: 1, type: 1 },
      { id: 2, type: 2 },
    ]);
  });

  it('reads nothing without a store or a field', () => {
    expect(renderHook(() => useFormValue(undefined, 'serie')).result.current).toBeUndefined();
    expect(renderHook(() => useFormValue(createFormDataStore({ a: 1 }), undefined)).result.current).toBeUndefined();
  });
});
