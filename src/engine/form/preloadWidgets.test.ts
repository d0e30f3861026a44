import { describe, expect, it, vi } from 'vitest';
import type { Registries } from '../registries';
import { preloadWidgets } from './preloadWidgets';

describe('preloadWidgets', () => {
  it('loads the code of each registered widget and field the UI schema names, nested ones too, and waits for it', async () => {
    let loaded = false;
    const slow = vi.fn(() => new Promise<void>((resolve) => setTimeout(() => resolve(void (loaded = true)), 10)));
    const color = Object.assign(() => null, { preload: vi.fn(() => Promise.resolve()) });
    const unused = Object.assign(() => null, { preload: vi.fn(() => Promise.resolve()) });
    const registries = {
      widgets: { color, unused, plain: () => null },
      fields: { translatable: Object.assign(() => null, { preload: slow }) },
    } as unknown as Pick<Registries, 'widgets' | 'fields'>;
    await preloadWidgets(
      {
        colour: { 'ui:widget': 'color' },
        titles: { 'ui:field': 'translatable' },
        items: { items: { name: { 'ui:widget': 'plain' } } },
        other: { 'ui:widget': 'textarea' },
      },
      registries,
    );
    expect(color.preload).toHaveBeenCalledOnce();
    expect(slow).toHaveBeenCalledOnce();
    expect(loaded).toBe(true);
    expect(unused.preload).not.toHaveBeenCalled();
  });

  it('does nothing without a UI schema', async () => {
    await expect(preloadWidgets(undefined, { widgets: {}, fields: {} } as unknown as Pick<Registries, 'widgets' | 'fields'>)).resolves.toBeUndefined();
  });
});
