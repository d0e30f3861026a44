import { currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { type Diagnostic, forEachDiagnostic, forceLinting } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createRef, StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import JsonPane, { type JsonPaneHandle, type JsonPaneProblem, type JsonPaneProps } from './JsonPane';

const definition = JSON.stringify(
  {
    resource: 'genres',
    list: { columns: [{ field: 'name' }, { field: 'slug', width: 120 }] },
    form: { uiSchema: { color: { 'ui:widget': 'colour' } } },
  },
  null,
  2,
);

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    resource: { type: 'string', description: 'The resource the screen edits' },
    list: {
      type: 'object',
      properties: {
        columns: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, width: { type: 'number' } } } },
      },
    },
    form: { type: 'object' },
    perPage: { type: 'number' },
  },
};

function renderPane(props: Partial<JsonPaneProps> = {}) {
  const onChange = vi.fn<(text: string) => void>();
  const handle = createRef<JsonPaneHandle>();
  const all: JsonPaneProps = { value: definition, onChange, schema, problems: [], label: 'Definition (JSON)', ref: handle, ...props };
  const result = render(
    <StrictMode>
      <div style={{ height: '400px' }}>
        <JsonPane {...all} />
      </div>
    </StrictMode>,
  );
  const view = () => EditorView.findFromDOM(result.container.querySelector<HTMLElement>('.cm-editor')!)!;
  const rerender = (next: Partial<JsonPaneProps>) =>
    result.rerender(
      <StrictMode>
        <div style={{ height: '400px' }}>
          <JsonPane {...all} {...next} />
        </div>
      </StrictMode>,
    );
  return { ...result, onChange, handle, view, rerender };
}

function diagnostics(view: EditorView): (Diagnostic & { text: string })[] {
  const found: (Diagnostic & { text: string })[] = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) => found.push({ ...diagnostic, from, to, text: view.state.sliceDoc(from, to) }));
  return found;
}

/** Runs the linters now and waits for their diagnostics. */
async function lint(view: EditorView, until: (found: ReturnType<typeof diagnostics>) => boolean) {
  act(() => forceLinting(view));
  await vi.waitFor(() => expect(until(diagnostics(view))).toBe(true));
  return diagnostics(view);
}

/** Types `text` at `at` as a keystroke would. */
function type(view: EditorView, at: number, text: string) {
  act(() => view.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length }, userEvent: 'input.type' }));
}

// jsdom lays nothing out: CodeMirror measures text through ranges, which it gives no rectangles.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(cleanup);

describe('JsonPane', () => {
  it('is one labelled, multi-line text box with line numbers and a fold gutter', () => {
    const { container, view } = renderPane();
    expect(container.querySelectorAll('.cm-editor')).toHaveLength(1);
    const content = container.querySelector('.cm-content')!;
    expect(content.getAttribute('role')).toBe('textbox');
    expect(content.getAttribute('aria-multiline')).toBe('true');
    expect(content.getAttribute('aria-label')).toBe('Definition (JSON)');
    expect(container.querySelector('.cm-lineNumbers')).not.toBeNull();
    expect(container.querySelector('.cm-foldGutter')).not.toBeNull();
    expect(view().state.doc.toString()).toBe(definition);
  });

  it('follows a new label', () => {
    const { container, rerender } = renderPane();
    rerender({ label: 'Genres screen (JSON)' });
    expect(container.querySelector('.cm-content')!.getAttribute('aria-label')).toBe('Genres screen (JSON)');
  });

  it('leaves Tab to the page, so the focus moves on', () => {
    const { container } = renderPane();
    const content = container.querySelector<HTMLElement>('.cm-content')!;
    content.focus();
    // fireEvent answers false when a handler called preventDefault (as a Tab binding would).
    expect(fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9 })).toBe(true);
    expect(fireEvent.keyDown(content, { key: 'Tab', code: 'Tab', keyCode: 9, shiftKey: true })).toBe(true);
  });

  it('reports each edit with the whole text', () => {
    const { view, onChange } = renderPane();
    type(view(), 1, '\n  "perPage": 20,');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(`{\n  "perPage": 20,${definition.slice(1)}`);
  });

  it('takes a new value from the parent without reporting it and keeps the cursor where the text did not change', () => {
    const { view, onChange, rerender } = renderPane();
    const cursor = definition.indexOf('"colour"');
    act(() => view().dispatch({ selection: { anchor: cursor } }));
    // Another control of the page renamed the resource, before the cursor.
    const next = definition.replace('"genres"', '"literary-genres"');
    rerender({ value: next });
    expect(view().state.doc.toString()).toBe(next);
    expect(view().state.selection.main.head).toBe(next.indexOf('"colour"'));
    expect(onChange).not.toHaveBeenCalled();
    // The parent's copy of what was typed changes nothing.
    type(view(), 1, ' ');
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender({ value: onChange.mock.calls[0]![0] });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(view().state.doc.toString()).toBe(onChange.mock.calls[0]![0]);
  });

  it('shows a JSON syntax error in words, on the part to correct (never a zero-width mark), its line tinted', async () => {
    const { view, container } = renderPane({ value: '{\n  "resource": "genres",\n}', describeSyntax: (error) => `words for ${error.reason}` });
    const found = await lint(view(), (all) => all.length > 0);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', message: 'words for trailingComma', text: ',' });
    expect(container.querySelectorAll('.cm-syntax-error-line')).toHaveLength(1);
    expect(container.querySelector('.cm-syntax-error-line')!.textContent).toBe('  "resource": "genres",');
  });

  it('checks the text against the JSON Schema as staff type', async () => {
    const { view } = renderPane();
    type(view(), 1, '\n  "perPage": "twenty",');
    const found = await lint(view(), (all) => all.length > 0);
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toBe('"twenty"');
    expect(found[0]!.message).toMatch(/number/);
  });

  it('follows a new schema', async () => {
    const { view, rerender } = renderPane({ schema: undefined });
    expect(await lint(view(), () => true)).toEqual([]);
    rerender({ schema: { ...schema, properties: { ...schema.properties, resource: { type: 'number' } } } });
    const found = await lint(view(), (all) => all.length > 0);
    expect(found.map((d) => d.text)).toEqual(['"genres"']);
  });

  it('offers the schema’s properties as completions', async () => {
    const { view } = renderPane({ value: '{\n  "resource": "genres",\n  "p"\n}' });
    act(() => view().dispatch({ selection: { anchor: view().state.doc.toString().indexOf('"p"') + 2 } }));
    act(() => void startCompletion(view()));
    await vi.waitFor(() => expect(currentCompletions(view().state).map((c) => c.label)).toEqual(['perPage']));
  });

  it('shows the server’s problems at their paths, and again where the text moved them', async () => {
    const problems: JsonPaneProblem[] = [
      { path: 'form.uiSchema.color.ui:widget', message: '"colour" is not a widget; known: color, …' },
      { path: 'list.columns.1.field', message: 'no such field' },
      { path: 'list.columns.7.field', message: 'no column 7' },
    ];
    const { view, rerender } = renderPane();
    rerender({ problems });
    const found = await lint(view(), (all) => all.length === 3);
    expect(found.map(({ text, message, source }) => ({ text, message, source }))).toEqual([
      { text: '"columns"', message: 'no column 7', source: 'list.columns.7.field' },
      { text: '"field": "slug"', message: 'no such field', source: 'list.columns.1.field' },
      { text: '"ui:widget": "colour"', message: '"colour" is not a widget; known: color, …', source: 'form.uiSchema.color.ui:widget' },
    ]);
    type(view(), 1, '\n  "perPage": 20,');
    const moved = await lint(view(), (all) => all.length === 3 && all.every((d) => d.from > 20));
    expect(moved.map((d) => d.text)).toEqual(['"columns"', '"field": "slug"', '"ui:widget": "colour"']);
    // The same problems in a new array change nothing; none clears them.
    rerender({ problems: problems.map((p) => ({ ...p })) });
    rerender({ problems: [] });
    expect(await lint(view(), (all) => all.length === 0)).toEqual([]);
  });

  it('reveals a path: the cursor on it, the editor focused', () => {
    const { view, handle } = renderPane();
    act(() => handle.current!.reveal('list.columns.1.width'));
    expect(view().state.selection.main.head).toBe(definition.indexOf('"width"'));
    expect(view().hasFocus).toBe(true);
    // A path not in the text: its nearest ancestor.
    act(() => handle.current!.reveal('form.uiSchema.color.ui:options'));
    expect(view().state.selection.main.head).toBe(definition.indexOf('"color"'));
  });
});
