/**
 * Where a definition's text stops being JSON, and why, for staff: the place to mark in the JSON
 * pane and to list with the draft's problems (its line), and the reason, which the studio says in
 * words (`screens.studio.syntax.<reason>`). `JSON.parse` decides whether the text is JSON; this
 * scanner, which follows the same grammar (RFC 8259), only tells where and why it is not.
 */

/** Why a text is not a definition's JSON. */
type JsonSyntaxReason =
  | 'empty'
  | 'missingComma'
  | 'missingColon'
  | 'missingValue'
  | 'unquotedName'
  | 'missingName'
  | 'trailingComma'
  | 'singleQuotes'
  | 'unclosedString'
  | 'badEscape'
  | 'controlInString'
  | 'badNumber'
  | 'badWord'
  | 'comment'
  | 'unclosed'
  | 'wrongCloser'
  | 'extraText'
  | 'notObject';

/** The first place a text is not a definition's JSON. */
export interface JsonSyntaxError {
  reason: JsonSyntaxReason;
  /** The part of the text to mark (offsets; at least one character when the text has one). */
  from: number;
  to: number;
  /** Where `from` is, from 1 (as the editor's gutter numbers lines). */
  line: number;
  column: number;
  /** For `unclosed` and `wrongCloser`: the bracket that opened (`{`, `[`), the one expected, and the line it opened at. */
  opener?: { bracket: '{' | '['; closer: '}' | ']'; line: number };
  /** For `wrongCloser`: the bracket found. */
  found?: string;
}

type Expect = 'value' | 'valueOrClose' | 'name' | 'nameOrClose' | 'colon' | 'commaOrClose' | 'end';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;
const CLOSER = { '{': '}', '[': ']' } as const;

/** Where the cursor goes to correct an error: after the part for what is missing after it (a comma, a colon), else at its start. */
export function syntaxCursor(error: JsonSyntaxError): number {
  return error.reason === 'missingComma' || error.reason === 'missingColon' ? error.to : error.from;
}

/** The line and column (from 1) of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The end of the line holding `offset`. */
const lineEnd = (text: string, offset: number) => {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
};

/**
 * The first syntax error of a text JSON.parse refuses, with where to mark it; undefined for a text
 * that is JSON. A valid text that is not an object is refused too (`notObject`): a definition is one.
 */
export function definitionSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return undefined;
    const from = text.search(/\S/);
    return located(text, { reason: 'notObject', from: Math.max(0, from), to: Math.max(0, from) + 1 });
  } catch {
    // The scanner follows JSON.parse's grammar; were they ever to disagree, the start of the text is marked.
    return jsonSyntaxError(text) ?? located(text, { reason: 'missingValue', from: 0, to: 1 });
  }
}

function located(text: string, error: Omit<JsonSyntaxError, 'line' | 'column'>): JsonSyntaxError {
  const from = Math.min(error.from, text.length);
  const to = Math.min(Math.max(error.to, from + 1), Math.max(text.length, from));
  return { ...error, from, to, ...position(text, from) };
}

/** The first syntax error of a text, or undefined when it is JSON (any value). */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const stack: { bracket: '{' | '['; at: number }[] = [];
  let expect = 'value' as Expect;
  let index = 0;
  // The last value read (a mark for a missing comma after it), the last comma and the last name.
  let value = { from: 0, to: 0 };
  let comma = -1;
  let name = { from: 0, to: 0 };
  const fail = (reason: JsonSyntaxReason, from: number, to: number, more: Partial<JsonSyntaxError> = {}) => located(text, { reason, from, to, ...more });
  const openerOf = (entry: { bracket: '{' | '['; at: number }) => ({
    bracket: entry.bracket,
    closer: CLOSER[entry.bracket],
    line: position(text, entry.at).line,
  });
  const afterValue = (from: number, to: number) => {
    value = { from, to };
    expect = stack.length ? 'commaOrClose' : 'end';
  };
  /** The end of the token starting at `at`, to mark it whole (a text, a word, one character). */
  const tokenEnd = (at: number) => {
    if (text[at] === '"' || text[at] === "'") {
      const close = text.indexOf(text[at]!, at + 1);
      return close === -1 || close > lineEnd(text, at) ? lineEnd(text, at) : close + 1;
    }
    WORD.lastIndex = at;
    const word = WORD.exec(text);
    if (word) return at + word[0].length;
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    return number && number[0].length ? at + number[0].length : at + 1;
  };

  /** Reads a text from its opening quote: its end, or the error inside it. */
  const readString = (start: number): number | JsonSyntaxError => {
    for (let at = start + 1; at < text.length; at++) {
      const char = text[at]!;
      if (char === '"') return at + 1;
      if (char === '\\') {
        const next = text[at + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) return fail('badEscape', at, at + 2);
          at += 5;
        } else if (next !== undefined && ESCAPES.has(next)) at++;
        else return fail('badEscape', at, at + 2);
      } else if (char === '\n' || char === '\r') return fail('unclosedString', start, at);
      else if (char.charCodeAt(0) < 0x20) return fail('controlInString', at, at + 1);
    }
    return fail('unclosedString', start, text.length);
  };

  for (;;) {
    while (index < text.length && WHITESPACE.has(text[index]!)) index++;
    if (text.startsWith('//', index) || text.startsWith('/*', index)) {
      const end = text.startsWith('//', index) ? lineEnd(text, index) : text.indexOf('*/', index) === -1 ? text.length : text.indexOf('*/', index) + 2;
      return fail('comment', index, end);
    }
    if (index >= text.length) {
      if (expect === 'end') return undefined;
      const open = stack[stack.length - 1];
      if (!open) return fail('empty', 0, 0);
      return fail('unclosed', open.at, open.at + 1, { opener: openerOf(open) });
    }
    const char = text[index]!;
    const open = stack[stack.length - 1];
    switch (expect) {
      case 'end':
        return fail('extraText', index, lineEnd(text, index));
      case 'colon':
        if (char !== ':') return fail('missingColon', name.from, name.to);
        index++;
        expect = 'value';
        continue;
      case 'commaOrClose':
        if (char === ',') {
          comma = index++;
          expect = open!.bracket === '{' ? 'name' : 'value';
          continue;
        }
        if (char === '}' || char === ']') {
          if (char !== CLOSER[open!.bracket]) return fail('wrongCloser', index, index + 1, { opener: openerOf(open!), found: char });
          stack.pop();
          afterValue(open!.at, ++index);
          continue;
        }
        return fail('missingComma', Math.max(value.from, value.to - 1), value.to);
      case 'name':
      case 'nameOrClose':
        if (char === '}') {
          if (expect === 'name') return fail('trailingComma', comma, comma + 1);
          stack.pop();
          afterValue(open!.at, ++index);
          continue;
        }
        if (char === '"') {
          const end = readString(index);
          if (typeof end !== 'number') return end;
          name = { from: index, to: end };
          index = end;
          expect = 'colon';
          continue;
        }
        if (char === "'") return fail('singleQuotes', index, tokenEnd(index));
        if (/[\w$]/.test(char)) return fail('unquotedName', index, tokenEnd(index));
        return fail('missingName', index, index + 1);
      case 'value':
      case 'valueOrClose': {
        if (char === ']' || char === '}') {
          if (expect === 'valueOrClose' && char === ']') {
            stack.pop();
            afterValue(open!.at, ++index);
            continue;
          }
          if (comma >= 0 && open && text.slice(comma + 1, index).trim() === '') return fail('trailingComma', comma, comma + 1);
          return fail('missingValue', index, index + 1);
        }
        if (char === '{' || char === '[') {
          stack.push({ bracket: char, at: index++ });
          expect = char === '{' ? 'nameOrClose' : 'valueOrClose';
          continue;
        }
        if (char === '"') {
          const end = readString(index);
          if (typeof end !== 'number') return end;
          afterValue(index, end);
          index = end;
          continue;
        }
        if (char === "'") return fail('singleQuotes', index, tokenEnd(index));
        if (char === '-' || (char >= '0' && char <= '9')) {
          NUMBER.lastIndex = index;
          const number = NUMBER.exec(text);
          const end = index + (number?.[0].length ?? 0);
          if (!number || !number[0].length || number[0] === '-' || /[\w.+-]/.test(text[end] ?? ''))
            return fail('badNumber', index, Math.max(tokenEnd(index), end + 1));
          afterValue(index, end);
          index = end;
          continue;
        }
        if (char === '+' || char === '.') return fail('badNumber', index, tokenEnd(index + 1));
        WORD.lastIndex = index;
        const word = WORD.exec(text)?.[0];
        if (word) {
          if (word !== 'true' && word !== 'false' && word !== 'null') return fail('badWord', index, index + word.length);
          afterValue(index, index + word.length);
          index += word.length;
          continue;
        }
        return fail('missingValue', index, index + 1);
      }
    }
  }
}
