import fc from 'fast-check';

/** Characters PostgreSQL cannot store as sent: NUL and lone UTF-16 surrogates. */
const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\udfff\ud800', '\ud800', 'x\udc00'] as const;

/**
 * Other values an attacker or a broken client sends: text that looks like numbers beyond any range,
 * SQL and HTML fragments, prototype keys, path tricks, a long text.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '🕵️',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  '0x10',
  "' OR 1=1 --",
  "'; DROP TABLE books; --",
  '1; SELECT pg_sleep(1)',
  '%',
  '\\',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  'books/../../secret',
  'null',
  'true',
  '[]',
  '{}',
  '0000-01-01',
  '2026-13-45',
  'x'.repeat(5000),
  // Numbers no strict reading takes, dates the database does not keep or the calendar lacks (NUMBER_EDGES, DATE_EDGES).
  '1e400',
  '9999999999',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-30',
] as const;

/**
 * Numbers in spellings a strict reading refuses (Ajv's coercion and `Number()` take several of
 * them for numbers: `Infinity`, `1e400`), and ids past any range: each path parameter, and each
 * integer parameter of a query, is sent every one of them (routeRequests.ts `edgeRequestsFor`).
 */
export const NUMBER_EDGES = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '-1e400',
  '1e309',
  '1e3',
  '0x10',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '9999999999',
  '9007199254740993',
  ' 1',
  '+1',
] as const;

/**
 * Dates outside the years the database keeps (1 to 9999: it has no year 0), in the extended
 * years' spellings (`+275760-09-13`, the last day a JavaScript date holds), days the calendar
 * lacks, and instants whose offset moves them past year 9999 or before year 1: each date-like
 * parameter of a query is sent every one of them.
 */
export const DATE_EDGES = [
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '+010000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '-271821-04-20',
  '2026-02-30',
  '2026-13-45',
  '2026-00-00',
  '9999-12-31T23:00:00-05:00',
  '0001-01-01T00:00:00+01:00',
  '2026-01-01T24:00:00Z',
  '2026-01-01T99:99Z',
] as const;

/** One hostile string: a listed one, or a random one over every code point, lone surrogates included. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 12 }) },
);

/**
 * A JSON value as text, so that what `JSON.stringify` cannot write can be sent too: numbers beyond
 * a double (`1e400`), keys such as `__proto__`, nesting deeper than any limit.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON tree: objects as key/value pairs (a key may repeat or be `__proto__`), raw fragments as RawJson. */
export type JsonNode = string | number | boolean | null | RawJson | JsonNode[] | { pairs: [string, JsonNode][] };

/** The JSON text of a node (strings through JSON.stringify, which escapes lone surrogates). */
export function jsonText(node: JsonNode): string {
  if (node instanceof RawJson) return node.text;
  if (Array.isArray(node)) return `[${node.map(jsonText).join(',')}]`;
  if (node !== null && typeof node === 'object') return `{${node.pairs.map(([key, value]) => `${JSON.stringify(key)}:${jsonText(value)}`).join(',')}}`;
  return JSON.stringify(node);
}

const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '-0', '9007199254740993', '123456789012345678901234567890'];

/** Arrays or objects nested `depth` levels deep. */
function deeplyNested(depth: number, kind: 'array' | 'object' = 'array'): RawJson {
  return new RawJson(kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`);
}

/** A hostile JSON value of any type, nested a little. */
export const hostileJson: fc.Arbitrary<JsonNode> = fc.letrec<{ node: JsonNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)) },
    { weight: 1, arbitrary: fc.constantFrom<JsonNode>(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('node'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') }),
            tie('node'),
          ),
          { maxLength: 3 },
        )
        .map((pairs) => ({ pairs })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(33, 100, 2000), fc.constantFrom('array' as const, 'object' as const))
        .map(([depth, kind]) => deeplyNested(depth, kind)),
    },
  ),
})).node;

/** A query or path value as sent on the wire: UTF-8 percent-encoded, or broken percent-encoding. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString.map(percentEncode) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', '%FF%FE', '..%2F..%2F', '%2e%2e/%2e%2e') },
);

/** Every byte of the string's UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it) percent-encoded but unreserved ones. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}
