import { useRef, useSyncExternalStore } from 'react';
import { sameData } from './sameData';

/**
 * The form's current data for templates and widgets that depend on another field (`visibleWhen`,
 * a select over the values of another list). RJSF skips rendering a field whose own props did not
 * change, so such a component subscribes to the field it reads instead of receiving the whole data
 * through the formContext (which would make every field render again on every keystroke).
 */
export interface FormDataStore {
  get(): Record<string, unknown>;
  subscribe(listener: () => void): () => void;
}

export interface WritableFormDataStore extends FormDataStore {
  /** Takes the data the form renders now (during the render, without notifying). */
  set(data: Record<string, unknown>): void;
  /** Tells subscribers the data changed (after the render is committed). */
  notify(): void;
}

export function createFormDataStore(initial: Record<string, unknown>): WritableFormDataStore {
  let data = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => data,
    set: (next) => {
      data = next;
    },
    notify: () => listeners.forEach((listener) => listener()),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const noSubscription = () => () => undefined;

/**
 * The value of one top-level field of the form, re-rendering the caller when it changes. RJSF hands
 * a fresh copy of lists on every change anywhere in the form, so the value is compared by content:
 * the caller keeps the reference it had while the field holds the same data.
 */
export function useFormValue(store: FormDataStore | undefined, field: string | undefined): unknown {
  const last = useRef<unknown>(undefined);
  return useSyncExternalStore(store && field ? store.subscribe : noSubscription, () => {
    const next = store && field ? store.get()[field] : undefined;
    if (!sameData(last.current, next)) last.current = next;
    return last.current;
  });
}
