import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locate, locatePath, pathSegments } from './pathLocation';

const definition = {
  resource: 'genres',
  list: {
    columns: [{ field: 'name' }, { field: 'slug', width: 120 }, 'plain', [1, 2], { field: 'count', cell: 'number' }],
  },
  form: {
    uiSchema: {
      color: { 'ui:widget': 'colour' },
      'a.b': { 'x y': true, '': null, 'q"uote': 1, '[i]': 2 },
      '4': 'a key that looks like an index',
    },
  },
  empty: {},
  none: [],
};
const text = JSON.stringify(definition, null, 2);

/** The text a path points at. */
const at = (path: string, source = text): string | undefined => {
  const range = locatePath(source, path);
  return range && source.slice(range.from, range.to);
};

describe('pathSegments', () => {
  it('splits dotted paths, bracketed keys (as the server writes them) and bracketed indexes', () => {
    expect(pathSegments('form.uiSchema.color.ui:widget')).toEqual(['form', 'uiSchema', 'color', 'ui:widget']);
    expect(pathSegments('list.columns.4.field')).toEqual(['list', 'columns', '4', 'field']);
    expect(pathSegments('form.uiSchema["a.b"]["x y"]')).toEqual(['form', 'uiSchema', 'a.b', 'x y']);
    expect(pathSegments('["a.b"].c')).toEqual(['a.b', 'c']);
    expect(pathSegments('a.["b.c"]')).toEqual(['a', 'b.c']);
    expect(pathSegments('a[""]["q\\"uote"]["[i]"]')).toEqual(['a', '', 'q"uote', '[i]']);
    expect(pathSegments('list.columns[4].field')).toEqual(['list', 'columns', '4', 'field']);
    expect(pathSegments('')).toEqual([]);
  });

  it('keeps a bracket that opens no bracketed key as part of the key', () => {
    expect(pathSegments('a[b.c')).toEqual(['a[b', 'c']);
    expect(pathSegments('a["open')).toEqual(['a["open']);
  });
});

describe('locatePath', () => {
  it('finds a property by its key, with its value when that is a scalar', () => {
    expect(at('form.uiSchema.color.ui:widget')).toBe('"ui:widget": "colour"');
    expect(at('resource')).toBe('"resource": "genres"');
    expect(at('form.uiSchema.color')).toBe('"color"');
    expect(at('list')).toBe('"list"');
  });

  it('walks array items by index', () => {
    expect(at('list.columns.4.field')).toBe('"field": "count"');
    expect(at('list.columns.1.width')).toBe('"width": 120');
    expect(at('list.columns.2')).toBe('"plain"');
    expect(at('list.columns.3.1')).toBe('2');
    // An object or array item by its opening bracket.
    expect(at('list.columns.4')).toBe('{');
    expect(at('list.columns.3')).toBe('[');
    expect(text.slice(locatePath(text, 'list.columns.4')!.from)).toMatch(/^\{\s+"field": "count"/);
  });

  it('reads bracketed keys: dots, spaces, quotes, brackets, the empty key', () => {
    expect(at('form.uiSchema["a.b"]')).toBe('"a.b"');
    expect(at('form.uiSchema["a.b"]["x y"]')).toBe('"x y": true');
    expect(at('form.uiSchema["a.b"][""]')).toBe('"": null');
    expect(at('form.uiSchema["a.b"]["q\\"uote"]')).toBe('"q\\"uote": 1');
    expect(at('form.uiSchema["a.b"]["[i]"]')).toBe('"[i]": 2');
  });

  it('takes a number as a key in an object', () => {
    expect(at('form.uiSchema.4')).toBe('"4": "a key that looks like an index"');
  });

  it('gives the root value for the empty path', () => {
    expect(locatePath(text, '')).toEqual({ from: 0, to: 1 });
    expect(at('', '  "just a string" ')).toBe('"just a string"');
  });

  it('falls back to the nearest ancestor that exists', () => {
    expect(at('form.uiSchema.color.ui:options.label')).toBe('"color"');
    expect(at('list.columns.9.field')).toBe('"columns"');
    expect(at('list.columns.0.field.deeper')).toBe('"field": "name"');
    expect(at('empty.thing')).toBe('"empty"');
    expect(at('none.0')).toBe('"none"');
    expect(at('missing.entirely')).toBe('{');
    // An index into an object, a key into an array.
    expect(at('list.columns.name')).toBe('"columns"');
    expect(locate(text, 'list.columns.9.field')).toMatchObject({ exact: false });
    expect(locate(text, 'list.columns.4.field')).toMatchObject({ exact: true });
  });

  it('keeps the last of duplicate keys, as JSON.parse does', () => {
    const duplicated = '{"a": 1, "b": 2, "a": 3}';
    expect(at('a', duplicated)).toBe('"a": 3');
  });

  it('reads a text with a syntax error up to the error', () => {
    const broken = '{\n  "list": {\n    "columns": [\n      { "field": "name" },\n      { "field": \n  }\n}';
    expect(at('list.columns.0.field', broken)).toBe('"field": "name"');
    // The key whose value is broken is still there; what follows the error is not.
    expect(at('list.columns.1.field', broken)).toBe('"field"');
    expect(at('list.columns.1.field.x', broken)).toBe('"field"');
    expect(at('list.other', broken)).toBe('"list"');
    const unclosed = '{ "a": { "b": "text';
    expect(at('a.b', unclosed)).toBe('"b"');
    const missingComma = '{ "a": 1 "b": 2 }';
    expect(at('a', missingComma)).toBe('"a": 1');
    expect(at('b', missingComma)).toBe('{');
  });

  it('finds nothing in a text that holds no JSON value', () => {
    expect(locatePath('', 'a')).toBeUndefined();
    expect(locatePath('   ', '')).toBeUndefined();
    expect(locatePath('}', 'a')).toBeUndefined();
  });

  it('handles compact JSON and escaped keys', () => {
    const compact = '{"a.b":{"c":[10,{"d\\u002ee":false}]}}';
    expect(at('["a.b"].c.1["d.e"]', compact)).toBe('"d\\u002ee":false');
    expect(at('["a.b"].c.0', compact)).toBe('10');
  });
});

/** A path written as the server writes it (server/definitions/check/problem.ts, `dotted`). */
function dotted(path: readonly (string | number)[]): string {
  return path.reduce<string>((text, segment) => {
    const key = String(segment);
    if (/[.\s[\]"]/.test(key) || key === '') return `${text}[${JSON.stringify(key)}]`;
    return text === '' ? key : `${text}.${key}`;
  }, '');
}

/** Every path of a JSON value, with the value there. */
function* paths(value: unknown, path: (string | number)[] = []): Generator<{ path: (string | number)[]; value: unknown }> {
  if (path.length) yield { path, value };
  if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* paths(item, [...path, index]);
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) yield* paths(item, [...path, key]);
}

describe('locatePath on any JSON', () => {
  it('finds every path the server can write, pretty or compact', () => {
    fc.assert(
      // As JSON carries it: `-0` is written `0`, so it cannot be found as `-0` in a text.
      fc.property(
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
        fc.boolean(),
        (value, pretty) => {
          const source = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
          for (const { path, value: there } of paths(value)) {
            const found = locate(source, dotted(path));
            expect(found?.exact).toBe(true);
            const written = source.slice(found!.from, found!.to);
            const last = path[path.length - 1]!;
            const scalar = there === null || typeof there !== 'object';
            if (typeof last === 'number') expect(written).toBe(scalar ? JSON.stringify(there) : source[found!.from]);
            else expect(JSON.parse(`{${scalar ? written : `${written}: 0`}}`)).toEqual({ [last]: scalar ? there : 0 });
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
