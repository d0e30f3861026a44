import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorSummary, type ErrorSummaryProps } from './ErrorSummary';
import { elementIdsFor } from './focusErrorField';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', title: 'Title' },
    names: { type: 'object', properties: { en: { type: 'string' }, fr: { type: 'string' } } },
    seriesList: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
};
const uiSchema: UiSchema = {
  names: { 'ui:field': 'translatable', 'ui:title': 'columns.name' },
  seriesList: { 'ui:title': 'Series', items: { name: { 'ui:title': 'Series name' } } },
};

const scrolled = vi.fn();
beforeEach(() => {
  // jsdom lays nothing out and has no CSS.escape.
  Element.prototype.scrollIntoView = scrolled;
  vi.stubGlobal('CSS', { escape: (text: string) => text });
});
afterEach(() => {
  cleanup();
  scrolled.mockReset();
  vi.unstubAllGlobals();
});

function Page(props: Partial<ErrorSummaryProps>) {
  return (
    <>
      <ErrorSummary errors={{}} title="Not saved" schema={schema} uiSchema={uiSchema} onJump={() => undefined} {...props} />
      <input id="root_title" aria-label="title" />
      <div id="root_seriesList_1" tabIndex={-1} aria-label="second series" />
    </>
  );
}

describe('ErrorSummary', () => {
  it('lists each error under its field’s name, each a link to the field', () => {
    const onJump = vi.fn();
    render(<Page errors={{ title: ['Required.'], 'names.fr': ['Too long.'], 'seriesList.1.name': ['Required.'] }} onJump={onJump} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not saved');
    expect([...alert.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Title: Required.',
      'Name › Français: Too long.',
      'Series › #2 › Series name: Required.',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Name › Français' }));
    expect(onJump).toHaveBeenCalledWith('names.fr');
  });

  it('shows nothing without errors', () => {
    render(<Page errors={{ _: [] }} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('knows the elements that show an error key, most precise first', () => {
    expect(elementIdsFor('seriesList.1.name')).toEqual(['root_seriesList_1_name', 'root_seriesList_1', 'root_seriesList']);
  });
});
