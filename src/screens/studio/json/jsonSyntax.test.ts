import { describe, expect, it } from 'vitest';
import genres from '../../../../schemas/genres.screen.json';
import { definitionSyntaxError, jsonSyntaxError, syntaxCursor } from './jsonSyntax';

const TEXT = JSON.stringify(genres, null, 2);
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('where a definition stops being JSON', () => {
  it('finds the deleted comma at the line it was deleted from, and marks the end of the value before it', () => {
    const at = TEXT.indexOf('"api": "genres",') + '"api": "genres"'.length;
    const broken = TEXT.slice(0, at) + TEXT.slice(at + 1);
    const error = definitionSyntaxError(broken)!;
    expect(error).toMatchObject({ reason: 'missingComma', line: lineOf(TEXT, '"api": "genres"') });
    expect(broken.slice(error.from, error.to)).toBe('"');
    // The cursor goes where the comma is typed back.
    expect(broken.slice(0, syntaxCursor(error)) + ',' + broken.slice(syntaxCursor(error))).toBe(TEXT);
  });

  it('agrees with JSON.parse on every text made by deleting one character of a definition, and places each error inside the text', () => {
    const small = JSON.stringify({ a: [1, -2.5e3, true, null, 'x\\"y'], b: { c: 'd' } }, null, 1);
    for (const [source, index] of [small, TEXT].flatMap((source) => [...source].map((_char, index) => [source, index] as const))) {
      const text = source.slice(0, index) + source.slice(index + 1);
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      const error = jsonSyntaxError(text);
      expect(error === undefined, `${JSON.stringify(text)}: ${error?.reason}`).toBe(valid);
      if (error) {
        expect(error.from).toBeGreaterThanOrEqual(0);
        expect(error.to).toBeGreaterThan(error.from);
        expect(error.to).toBeLessThanOrEqual(text.length);
      }
    }
  });

  it('agrees with JSON.parse on the grammar’s corners', () => {
    const texts = [
      '{}',
      '[]',
      '""',
      '"\\u00e9\\n"',
      '"\\x"',
      '"a\tb"',
      '01',
      '-',
      '-0',
      '1.',
      '.5',
      '+1',
      '1e5',
      '1E+5',
      '1e',
      'tru',
      'true',
      'nul',
      'NaN',
      '{"a" 1}',
      '{a: 1}',
      "{'a': 1}",
      '{"a": 1,}',
      '[1,]',
      '[1 2]',
      '{"a": 1} x',
      '{"a": [1}',
      '{"a": 1',
      '// note\n{}',
      '',
      '  ',
      '\uFEFF{}',
    ];
    for (const text of texts) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonSyntaxError(text) === undefined, JSON.stringify(text)).toBe(valid);
    }
  });

  it('says why in each common case, at the part to correct', () => {
    const reason = (text: string) => {
      const error = definitionSyntaxError(text)!;
      return [error.reason, text.slice(error.from, error.to)];
    };
    expect(reason('{\n  "a": 1\n  "b": 2\n}')).toEqual(['missingComma', '1']);
    expect(reason('{\n  "a" 1\n}')).toEqual(['missingColon', '"a"']);
    expect(reason('{\n  "a": 1,\n}')).toEqual(['trailingComma', ',']);
    expect(reason('{ a: 1 }')).toEqual(['unquotedName', 'a']);
    expect(reason("{ 'a': 1 }")).toEqual(['singleQuotes', "'a'"]);
    expect(reason('{ "a": "one\n}')).toEqual(['unclosedString', '"one']);
    expect(reason('{ "a": "\\q" }')).toEqual(['badEscape', '\\q']);
    expect(reason('{ "a": 01 }')).toEqual(['badNumber', '01']);
    expect(reason('{ "a": yes }')).toEqual(['badWord', 'yes']);
    expect(reason('{ "a": }')).toEqual(['missingValue', '}']);
    expect(reason('{ "a": 1 } }')).toEqual(['extraText', '}']);
    expect(reason('{ // why\n "a": 1 }')).toEqual(['comment', '// why']);
    expect(reason('[1, 2]')).toEqual(['notObject', '[']);
    expect(definitionSyntaxError('')).toMatchObject({ reason: 'empty', from: 0, to: 0 });
  });

  it('names the bracket left open and the line it opened at', () => {
    expect(definitionSyntaxError('{\n  "a": [1, 2\n}')).toMatchObject({
      reason: 'wrongCloser',
      found: '}',
      opener: { bracket: '[', closer: ']', line: 2 },
      line: 3,
    });
    expect(definitionSyntaxError('{\n  "a": {\n    "b": 1\n  }\n')).toMatchObject({
      reason: 'unclosed',
      opener: { bracket: '{', closer: '}', line: 1 },
      line: 1,
    });
  });

  it('reads a valid definition as valid', () => {
    expect(definitionSyntaxError(TEXT)).toBeUndefined();
  });
});
