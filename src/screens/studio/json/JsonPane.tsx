import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonLanguage } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting, syntaxTree } from '@codemirror/language';
import { type Diagnostic, forceLinting, linter, lintKeymap } from '@codemirror/lint';
import { Annotation, Compartment, EditorState, StateEffect, StateField, Transaction } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  hoverTooltip,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { disableErrorLogging } from 'best-effort-json-parser';
import {
  getJSONSchema,
  handleRefresh,
  jsonCompletion,
  jsonSchemaHover,
  jsonSchemaLinter,
  parseJSONDocumentState,
  stateExtensions,
  updateSchema,
} from 'codemirror-json-schema';
import { type Ref, useEffect, useEffectEvent, useImperativeHandle, useRef } from 'react';
import { definitionSyntaxError, type JsonSyntaxError } from './jsonSyntax';
import { locatePath } from './pathLocation';

/** A problem of the server's complete check: where (dotted JSON path) and what. */
export interface JsonPaneProblem {
  path: string;
  message: string;
}

/** What the parent can ask of the pane. */
export interface JsonPaneHandle {
  /** Moves the cursor to a path (its nearest existing ancestor when it is not in the text), scrolls it into view and focuses the editor. */
  reveal(path: string): void;
  /** Moves the cursor to an offset of the text (a syntax error's), scrolls it into view and focuses the editor. */
  revealOffset(offset: number): void;
}

export interface JsonPaneProps {
  /** The definition as text (pretty JSON). */
  value: string;
  /** Called with the new text on each edit (the parent parses, debounces and saves). */
  onChange(text: string): void;
  /** The JSON Schema the text must follow (completion, hover, errors as you type). */
  schema: object | undefined;
  /** Problems from the server's complete check, by dotted JSON path (`form.uiSchema.color.ui:widget`, `list.columns.4.field`, keys with dots written `["a.b"]`): shown as lint diagnostics at that path's location in the text (the property key or value), with the message. */
  problems: readonly JsonPaneProblem[];
  /** Accessible label of the editor. */
  label: string;
  /** The words of a syntax error (where the text stops being a definition's JSON), shown at its place; its reason by default. */
  describeSyntax?: (error: JsonSyntaxError) => string;
  /** Moves the cursor to a path and focuses (the parent calls it when staff click an error elsewhere). */
  ref?: Ref<JsonPaneHandle>;
}

// codemirror-json-schema reads a text that is not yet JSON (while staff type) with
// best-effort-json-parser, which would write each attempt to the console as an error.
disableErrorLogging();

/**
 * codemirror-json-schema's reading of the text for its validation, with each property's value where
 * it is: it takes the node after a property's name for its value, which is the colon since
 * @lezer/json 1.0.3 puts colons in the syntax tree, so every schema error underlined a colon. A
 * pointer that lands on a colon moves on to the value; once the library takes the value itself, none does.
 */
function parseWithValues(state: EditorState): ReturnType<typeof parseJSONDocumentState> {
  const parsed = parseJSONDocumentState(state);
  for (const [pointer, at] of parsed.pointers) {
    if (!('valueFrom' in at) || state.sliceDoc(at.valueFrom, at.valueTo) !== ':') continue;
    const value = syntaxTree(state).resolveInner(at.valueFrom, 1).nextSibling;
    if (value) parsed.pointers.set(pointer, { ...at, valueFrom: value.from, valueTo: value.to });
  }
  return parsed;
}

/** Marks the transactions that put the parent's `value` into the editor: they are not edits to report. */
const external = Annotation.define<boolean>();

const setProblems = StateEffect.define<readonly JsonPaneProblem[]>();

/** The server's problems, placed again on each lint run, so they follow their path as the text changes. */
const problemsField = StateField.define<readonly JsonPaneProblem[]>({
  create: () => [],
  update: (problems, tr) => tr.effects.reduce((current, effect) => (effect.is(setProblems) ? effect.value : current), problems),
});

/** The line of the text's syntax error, tinted: the place staff look for, whatever scrolls the underline out of view. */
const syntaxLine = StateField.define<DecorationSet>({
  create: (state) => syntaxLineOf(state),
  update: (lines, tr) => (tr.docChanged ? syntaxLineOf(tr.state) : lines),
  provide: (field) => EditorView.decorations.from(field),
});

function syntaxLineOf(state: EditorState): DecorationSet {
  const error = definitionSyntaxError(state.doc.toString());
  if (!error || state.doc.length === 0) return Decoration.none;
  return Decoration.set([Decoration.line({ class: 'cm-syntax-error-line' }).range(state.doc.lineAt(error.from).from)]);
}

function problemDiagnostics(view: EditorView): Diagnostic[] {
  const problems = view.state.field(problemsField);
  if (!problems.length) return [];
  const text = view.state.doc.toString();
  return problems.map(({ path, message }) => {
    const at = locatePath(text, path) ?? { from: 0, to: 0 };
    return { ...at, severity: 'error', message, source: path || undefined };
  });
}

/**
 * The look: fills the height the parent gives, scrolls inside; the app's focus ring (app.css,
 * --focus-ring). The lint underlines are drawn with CSS rather than @codemirror/lint's `data:` SVG
 * images, which the Content-Security-Policy's img-src ('self' blob:) refuses.
 */
const paneTheme = EditorView.theme({
  '&': { height: '100%', backgroundColor: '#ffffff', border: '1px solid #d1d5db', borderRadius: '6px', fontSize: '0.875rem' },
  '&.cm-focused': { outline: '2px solid var(--focus-ring, #1d4ed8)', outlineOffset: '-2px' },
  '.cm-scroller': { overflow: 'auto', fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace", lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: '#f8fafc', color: '#475569', borderRight: '1px solid #e2e8f0' },
  '.cm-lintRange': { backgroundImage: 'none', paddingBottom: '0', textDecorationLine: 'underline', textDecorationStyle: 'wavy', textDecorationSkipInk: 'none' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecorationColor: '#dc2626' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecorationColor: '#b45309' },
  '.cm-lintRange-info': { backgroundImage: 'none', textDecorationColor: '#64748b' },
  '.cm-lintRange-hint': { backgroundImage: 'none', textDecorationColor: '#4f46e5' },
  '.cm-tooltip': { maxWidth: '32rem' },
  '.cm-syntax-error-line': { backgroundColor: '#fef2f2' },
  '.cm-syntax-error-mark': { backgroundColor: '#fee2e2', outline: '1px solid #dc2626' },
});

/**
 * Puts `text` in the editor, changing only what differs (the common start and end stay), so the
 * cursor and the selection keep their place when the change is elsewhere. Not an edit to report,
 * nor one to undo: undo takes back staff's own typing.
 */
function replaceDocument(view: EditorView, text: string): void {
  const current = view.state.doc.toString();
  if (current === text) return;
  const shorter = Math.min(current.length, text.length);
  let start = 0;
  while (start < shorter && current.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && current.charCodeAt(current.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  view.dispatch({
    changes: { from: start, to: current.length - end, insert: text.slice(start, text.length - end) },
    annotations: [external.of(true), Transaction.addToHistory.of(false)],
  });
}

const sameProblems = (a: readonly JsonPaneProblem[], b: readonly JsonPaneProblem[]): boolean =>
  a.length === b.length && a.every((problem, index) => problem.path === b[index]!.path && problem.message === b[index]!.message);

/**
 * The screen studio's JSON pane: a CodeMirror 6 editor of a definition's text, with the JSON
 * Schema's completion, hover and errors as staff type (codemirror-json-schema), JSON syntax errors,
 * and the server's problems at their paths. Line numbers, bracket matching, folding; F8 goes to the
 * next problem, Ctrl-Shift-M lists them. Tab is left to the page (focus moves on; indent with
 * Ctrl-] and Ctrl-[, and Enter keeps the indentation), so the keyboard never gets stuck in the
 * editor. Loaded only by the studio page, through `lazy(() => import('./json/JsonPane'))`.
 */
function JsonPane({ value, onChange, schema, problems, label, describeSyntax, ref }: JsonPaneProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const labelling = useRef(new Compartment());
  const edited = useEffectEvent((text: string) => onChange(text));
  const initial = useEffectEvent(() => ({ value, schema, label }));
  const syntaxWords = useEffectEvent((error: JsonSyntaxError) => describeSyntax?.(error) ?? error.reason);

  useEffect(() => {
    const start = initial();
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          highlightSpecialChars(),
          history(),
          drawSelection(),
          indentOnInput(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          bracketMatching(),
          closeBrackets(),
          autocompletion(),
          highlightActiveLine(),
          // No Tab binding: Tab and Shift-Tab move the focus, as everywhere on the page.
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap]),
          json(),
          // Where the text stops being JSON, in words, marked (a character at least) and its line tinted.
          linter((view) => {
            const error = definitionSyntaxError(view.state.doc.toString());
            return error ? [{ from: error.from, to: error.to, severity: 'error', message: syntaxWords(error), markClass: 'cm-syntax-error-mark' }] : [];
          }),
          syntaxLine,
          linter(jsonSchemaLinter({ jsonParser: parseWithValues }), { needsRefresh: handleRefresh }),
          jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
          hoverTooltip(jsonSchemaHover()),
          stateExtensions(start.schema),
          problemsField,
          linter(problemDiagnostics, { needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(setProblems))) }),
          labelling.current.of(EditorView.contentAttributes.of({ 'aria-label': start.label })),
          // The text box is a Tab stop already (contenteditable); saying so lets checkers see that its scrolling box is reachable by keyboard.
          EditorView.contentAttributes.of({ tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) edited(update.state.doc.toString());
          }),
          paneTheme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      view.current = null;
      editor.destroy();
    };
  }, []);

  useEffect(() => {
    if (view.current) replaceDocument(view.current, value);
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (editor && getJSONSchema(editor.state) !== schema) updateSchema(editor, schema);
  }, [schema]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || sameProblems(editor.state.field(problemsField), problems)) return;
    editor.dispatch({ effects: setProblems.of(problems) });
    forceLinting(editor);
  }, [problems]);

  useEffect(() => {
    view.current?.dispatch({ effects: labelling.current.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })) });
  }, [label]);

  useImperativeHandle(
    ref,
    () => ({
      reveal(path: string) {
        const editor = view.current;
        if (!editor) return;
        const at = locatePath(editor.state.doc.toString(), path);
        if (at) editor.dispatch({ selection: { anchor: at.from }, effects: EditorView.scrollIntoView(at.from, { y: 'center' }) });
        editor.focus();
      },
      revealOffset(offset: number) {
        const editor = view.current;
        if (!editor) return;
        const at = Math.min(offset, editor.state.doc.length);
        editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        editor.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="json-pane" style={{ height: '100%' }} />;
}

export default JsonPane;
