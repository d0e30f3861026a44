import type { FieldProps } from '@rjsf/utils';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createFormDataStore } from '../../engine/form/formDataStore';
import { RecordLinkField } from './RecordLinkField';

afterEach(cleanup);

describe('RecordLinkField', () => {
  it('links to the related record while the form holds its id, following it as it changes, and hides without one', () => {
    const store = createFormDataStore({ book_id: 12 });
    const props = {
      uiSchema: { 'ui:options': { idField: 'book_id', route: 'readingSheets-save' } },
      schema: { title: 'Go to reading sheet' },
      registry: { formContext: { formDataStore: store } },
    } as unknown as FieldProps;
    render(
      <MemoryRouter>
        <RecordLinkField {...props} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Go to reading sheet' }).getAttribute('href')).toBe('/reading-sheet/12');
    act(() => {
      store.set({ book_id: 30 });
      store.notify();
    });
    expect(screen.getByRole('link', { name: 'Go to reading sheet' }).getAttribute('href')).toBe('/reading-sheet/30');
    act(() => {
      store.set({ book_id: null });
      store.notify();
    });
    expect(screen.queryByRole('link')).toBeNull();
  });
});
