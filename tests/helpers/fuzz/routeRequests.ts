import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteSummary } from '../../../server/fastifyTypes.js';
import { DATE_EDGES, hostileJson, hostileString, hostileUrlValue, jsonText, NUMBER_EDGES, percentEncode, RawJson, type JsonNode } from './hostileValues.js';

/** The parts of JSON Schema the generators read. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  $ref?: string;
  definitions?: Record<string, Schema>;
  $defs?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/** A local `$ref` (`#/definitions/x`) resolved against the root; other schemas as they are. */
function resolve(schema: Schema | undefined, root: Schema): Schema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = (path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root) as Schema | undefined) ?? {};
  }
  return current.anyOf?.[0] ?? current.oneOf?.[0] ?? current;
}

const typesOf = (schema: Schema) => [schema.type ?? []].flat();

/** Whether a parameter holds a day or an instant: a date format, or a pattern that starts with a year (`^\d{4}-`). */
const isDateLike = (schema: Schema) => schema.format === 'date' || schema.format === 'date-time' || /^\^(\\d|\[0-9\])\{4\}/.test(schema.pattern ?? '');

/**
 * A value that passes the schema's simpler rules (type, enum, pattern, required, length and
 * bounds), so that a body gets past validation to the rules and the database.
 */
function valueFor(schema: Schema | undefined, root: Schema, depth: number): fc.Arbitrary<JsonNode> {
  return fittingValue(resolve(schema, root), root, depth);
}

/** Every node under the root of a tree, each with a way to replace it. */
function slots(node: JsonNode, out: ((value: JsonNode) => void)[] = []): ((value: JsonNode) => void)[] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      out.push((value) => (node[i] = value));
      slots(item, out);
    });
  } else if (node !== null && typeof node === 'object' && 'pairs' in node) {
    node.pairs.forEach((pair) => {
      out.push((value) => (pair[1] = value));
      slots(pair[1], out);
    });
  }
  return out;
}

/**
 * A fitting body with, most of the time, one hostile value in one place (or an unknown or
 * prototype key): the one bad field an attack puts in an otherwise valid record.
 */
function withOneHostileValue(body: fc.Arbitrary<JsonNode>, bad: fc.Arbitrary<JsonNode> = hostileJson): fc.Arbitrary<JsonNode> {
  const where = fc.oneof(
    { weight: 6, arbitrary: fc.constant('value' as const) },
    { weight: 1, arbitrary: fc.constant('key' as const) },
    { weight: 1, arbitrary: fc.constant('none' as const) },
  );
  const key = fc.oneof({ weight: 6, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor') });
  return fc.tuple(body, fc.nat(), bad, where, key).map(([node, pick, bad, where, key]) => {
    if (where === 'none') return node;
    const places = slots(node);
    if (where === 'key' && node !== null && typeof node === 'object' && 'pairs' in node) node.pairs.push([key, bad]);
    else if (places.length) places[pick % places.length]!(bad);
    else return bad;
    return node;
  });
}

function fittingValue(schema: Schema, root: Schema, depth: number): fc.Arbitrary<JsonNode> {
  const types = typesOf(schema);
  if (schema.enum?.length) return fc.constantFrom(...(schema.enum as JsonNode[]));
  if (types.includes('object') || schema.properties) return depth > 3 ? fc.constant({ pairs: [] }) : objectFor(schema, root, depth + 1);
  if (types.includes('array'))
    return depth > 3
      ? fc.constant([])
      : fc.array(valueFor(schema.items, root, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.max(schema.minItems ?? 0, 3) });
  if (types.includes('integer') || types.includes('number')) {
    const min = Math.max(schema.minimum ?? 1, -1_000_000);
    const max = Math.min(schema.maximum ?? 5, min + 5);
    return types.includes('integer')
      ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) })
      : fc.double({ min, max: Math.max(min, max), noNaN: true });
  }
  if (types.includes('boolean')) return fc.boolean();
  switch (schema.format) {
    case 'email':
      return fc.stringMatching(/^[a-z]{3,8}$/).map((name) => `${name}@example.com`);
    case 'date':
      return fc.constantFrom('2026-01-31', '2025-06-01');
    case 'date-time':
      return fc.constantFrom('2026-01-31T10:00:00Z');
    case 'uri':
    case 'url':
      return fc.constantFrom('https://example.com/page', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = Math.max(schema.minLength ?? 1, 1);
  return fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/).map((text) => text.padEnd(minLength, 'x').slice(0, schema.maxLength ?? 200));
}

/** An object with its required properties and some of its others. */
function objectFor(schema: Schema, root: Schema, depth: number): fc.Arbitrary<JsonNode> {
  const keys = Object.keys(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const known = fc.tuple(
    ...keys.map((key) =>
      required.has(key)
        ? valueFor(schema.properties![key], root, depth)
        : fc.option(valueFor(schema.properties![key], root, depth), { nil: undefined, freq: 2 }),
    ),
  );
  return (keys.length ? known : fc.constant([] as (JsonNode | undefined)[])).map((values) => ({
    pairs: keys.flatMap((key, i) => (values[i] === undefined ? [] : [[key, values[i]] as [string, JsonNode]])),
  }));
}

/** A body as the form fields a browser would send: `name`, `names[fr]`, `list[0][name]`. */
function formEntries(node: JsonNode, prefix = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((item, i) => formEntries(item, `${prefix}[${i}]`, out));
  else if (node !== null && typeof node === 'object' && 'pairs' in node) {
    for (const [key, value] of node.pairs) formEntries(value, prefix ? `${prefix}[${key}]` : key, out);
  } else if (prefix) out.push([prefix, node instanceof RawJson ? node.text : node === null ? '' : String(node)]);
  return out;
}

/** A multipart body: the fields of a fitting body, one of them hostile, and now and then a file with a hostile name. */
function multipartFor(schema: Schema | undefined): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const body = schema ? withOneHostileValue(fittingValue(resolve(schema, schema), schema, 0), hostileString) : fc.constant<JsonNode>({ pairs: [] });
  const file = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(hostileString, hostileString, fc.uint8Array({ maxLength: 64 })) },
  );
  return fc.tuple(body, file).map(([node, upload]) => {
    const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
    const chunks: Buffer[] = [];
    for (const [fieldName, value] of formEntries(node)) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"\r\n\r\n`), Buffer.from(value, 'utf8'), Buffer.from('\r\n'));
    }
    if (upload) {
      const [fieldName, filename, content] = upload;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        Buffer.from(content),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  });
}

const MALFORMED_BODIES = fc.constantFrom<Pick<InjectOptions, 'payload' | 'headers'>>(
  { payload: '', headers: { 'content-type': 'application/json' } },
  { payload: '{', headers: { 'content-type': 'application/json' } },
  { payload: '{"a":1}garbage', headers: { 'content-type': 'application/json' } },
  { payload: '{"__proto__":{"admin":true}}', headers: { 'content-type': 'application/json' } },
  { payload: '{"constructor":{"prototype":{"admin":true}}}', headers: { 'content-type': 'application/json' } },
  { payload: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { payload: 'plain words', headers: { 'content-type': 'text/plain' } },
  { payload: '--x\r\nbroken', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  { payload: 'no boundary', headers: { 'content-type': 'multipart/form-data' } },
);

/** A body for the route: JSON drawn from its body schema (or any hostile JSON), multipart, or malformed. */
function bodyFor(route: RouteSummary): fc.Arbitrary<Pick<InjectOptions, 'payload' | 'headers'>> {
  const schema = route.body as Schema | undefined;
  const json = (schema ? withOneHostileValue(fittingValue(resolve(schema, schema), schema, 0)) : hostileJson).map((node) => ({
    payload: jsonText(node),
    headers: { 'content-type': 'application/json' },
  }));
  return fc.oneof({ weight: 6, arbitrary: json }, { weight: 2, arbitrary: multipartFor(schema) }, { weight: 1, arbitrary: MALFORMED_BODIES });
}

/** A query string drawn from the route's querystring schema: known parameters (plain, `[]` and `[x]` spellings), typed or hostile, and unknown ones. */
function queryFor(route: RouteSummary): fc.Arbitrary<string> {
  const schema = route.query as Schema | undefined;
  const properties = Object.entries(schema?.properties ?? {});
  const typedValue = (property: Schema): fc.Arbitrary<string> => {
    const resolved = resolve(property, schema ?? {});
    const item = typesOf(resolved).includes('array') ? resolve(resolved.items, schema ?? {}) : resolved;
    if (item.enum?.length) return fc.constantFrom(...item.enum.map(String));
    if (isDateLike(item)) return fc.oneof(fc.constantFrom('2026-01-31', '2026-06-15T10:00:00Z'), fc.constantFrom(...DATE_EDGES).map(percentEncode));
    if (typesOf(item).includes('integer'))
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -1, max: 5 }).map(String) },
        { weight: 1, arbitrary: fc.constantFrom(...NUMBER_EDGES).map(percentEncode) },
      );
    return fc.string({ maxLength: 10 }).map(percentEncode);
  };
  const known = properties.length
    ? fc
        .tuple(fc.constantFrom(...properties), fc.constantFrom('', '[]', '[x]'))
        .chain(([[name, property], spelling]) => fc.oneof(typedValue(property), hostileUrlValue).map((value) => `${name}${spelling}=${value}`))
    : fc.constant('');
  const unknown = fc.tuple(hostileUrlValue, hostileUrlValue).map(([name, value]) => `${name}=${value}`);
  return fc
    .array(fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: unknown }), { maxLength: 4 })
    .map((pairs) => pairs.filter(Boolean).join('&'));
}

/** A path parameter's value in a valid request, by its name, when it is no id: a screen's name, a resource with a history. */
const PATH_VALUES: Readonly<Record<string, string>> = { name: 'genres', resource: 'genres' };

/** The route's URL with its parameters filled: ids that exist (or a valid PATH_VALUES), or hostile values; the wildcard with key-like or hostile paths. */
function pathFor(route: RouteSummary): fc.Arbitrary<string> {
  const segments = route.url.split('/');
  return fc
    .tuple(
      ...segments.map((segment) => {
        if (segment === '*') return fc.oneof(fc.constantFrom('books/2026/01/x.pdf', 'a/../../b', '.tmp/x', ''), hostileUrlValue);
        if (segment.startsWith(':')) {
          const valid = PATH_VALUES[segment.slice(1)];
          return fc.oneof(
            { weight: 2, arbitrary: valid ? fc.constantFrom(valid, '1') : fc.constantFrom('1', '2', '3') },
            { weight: 1, arbitrary: fc.constantFrom(...NUMBER_EDGES).map(percentEncode) },
            { weight: 2, arbitrary: hostileUrlValue },
          );
        }
        return fc.constant(segment);
      }),
    )
    .map((parts) => parts.join('/'));
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One request to the route, every part of it drawn from what the route declares it accepts. */
export function requestFor(route: RouteSummary): fc.Arbitrary<InjectOptions> {
  const body = BODY_METHODS.has(route.method) ? fc.option(bodyFor(route), { nil: undefined, freq: route.method === 'DELETE' ? 4 : 8 }) : fc.constant(undefined);
  return fc.tuple(pathFor(route), queryFor(route), body).map(([path, query, sent]) => ({
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    ...(sent ?? {}),
  }));
}

/**
 * Requests that send each edge value to each parameter, the others as a valid request has them:
 * every NUMBER_EDGES value in each path parameter (the others `1`, or their PATH_VALUES) and in
 * each integer parameter of the query, every DATE_EDGES value in each date-like one, the query's
 * other required parameters and the body (when the route takes one) drawn to fit. Not left to
 * chance: every route gets them all.
 */
export function edgeRequestsFor(route: RouteSummary): InjectOptions[] {
  const segments = route.url.split('/');
  const valid = (segment: string) => (segment === '*' ? 'books/2026/01/x.pdf' : segment.startsWith(':') ? (PATH_VALUES[segment.slice(1)] ?? '1') : segment);
  const path = (at?: number, value?: string) => segments.map((segment, i) => (i === at ? value! : valid(segment))).join('/');
  const schema = (route.query ?? {}) as Schema;
  const properties = Object.entries(schema.properties ?? {});
  const fitting = (property: Schema, seed: number) => {
    const node = fc.sample(valueFor(property, schema, 1), { numRuns: 1, seed })[0]!;
    return Array.isArray(node) ? node.map((item) => `${percentEncode(String(item))}`) : [percentEncode(node instanceof RawJson ? node.text : String(node))];
  };
  const required = (except: string) =>
    properties
      .filter(([name]) => name !== except && (schema.required ?? []).includes(name))
      .flatMap(([name, property]) => fitting(property, 1).map((value) => `${name}=${value}`));
  const urls: string[] = [];
  segments.forEach((segment, at) => {
    if (segment.startsWith(':')) for (const value of NUMBER_EDGES) urls.push(path(at, percentEncode(value)));
  });
  for (const [name, property] of properties) {
    const resolved = resolve(property, schema);
    const item = typesOf(resolved).includes('array') ? resolve(resolved.items, schema) : resolved;
    const edges = isDateLike(item) ? DATE_EDGES : typesOf(item).includes('integer') ? NUMBER_EDGES : [];
    for (const value of edges) urls.push(`${path()}?${[`${name}=${percentEncode(value)}`, ...required(name)].join('&')}`);
  }
  const bodySchema = route.body as Schema | undefined;
  const body =
    BODY_METHODS.has(route.method) && bodySchema
      ? {
          payload: jsonText(fc.sample(fittingValue(resolve(bodySchema, bodySchema), bodySchema, 0), { numRuns: 1, seed: 1 })[0]!),
          headers: { 'content-type': 'application/json' },
        }
      : {};
  return urls.map((url) => ({ method: route.method as InjectOptions['method'], url, ...body }));
}

/** What an answer must never show: a stack trace, source paths, SQL or the database's own error text. */
const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|\.[jt]s:\d+|node_modules|Failed query|DrizzleQueryError|syntax error at or near|violates [\w-]+ constraint|invalid input syntax for|duplicate key value|relation "\w+"|\bselect .+ from "/i;

/** Why an answer is wrong (a 5xx, a leak, a 4xx without its `{message}`), or undefined when it is right. */
export function answerProblem(response: { statusCode: number; body: string; headers: Record<string, unknown> }): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (LEAK.test(response.body)) return `leaked internals: ${response.body.slice(0, 300)}`;
  if (response.statusCode >= 400) {
    try {
      const answer = JSON.parse(response.body) as { message?: unknown };
      if (typeof answer.message !== 'string' || answer.message === '') return `a ${response.statusCode} without a message: ${response.body.slice(0, 300)}`;
    } catch {
      return `a ${response.statusCode} that is not JSON: ${response.body.slice(0, 300)}`;
    }
  }
  return undefined;
}
