import { HttpError, unprocessable } from './errors.js';

/**
 * Nested form parsing for multipart saves (PHP / Laravel conventions, what SPEC §7 sends):
 *
 * | Sent name                               | Parsed as                                        |
 * |-----------------------------------------|--------------------------------------------------|
 * | `original_title`                        | `{ original_title: '…' }`                         |
 * | `genres[]` (repeated)                   | `{ genres: [1, 2] }`                               |
 * | `titles[fr]`, `ratings[quality]`        | `{ titles: { fr: '…' } }`, `{ ratings: { quality: 3 } }` |
 * | `seriesList[0][name]`                   | `{ seriesList: [{ name: '…' }] }`                  |
 * | `characters[2][characterisations][fr]`  | nested maps inside list items                     |
 * | `characters[2][ages][]`                 | a list inside a list item                         |
 *
 * - Indexed lists may be sparse and out of order: items are kept in index order and compacted
 *   (`[3]`, `[7]` become positions 0 and 1); `sentKey` turns a dotted error key on the compacted
 *   data back into the index the client sent (`seriesList.1.name` → `seriesList.7.name`).
 * - Values are trimmed (and NUL characters dropped); an empty value means "absent" (an empty list item is dropped, an empty
 *   field is left out of its object). Containers are kept even when all their values are empty,
 *   so `seriesList[0][name]=` still yields `seriesList: [{}]` and a required error on its name.
 * - With a JSON Schema, strings are converted to the declared type: `integer` and `number` when
 *   they look numeric, `boolean` from 1/0/true/false/on/off, and an `integer` limited to 0/1 also
 *   from true/false/on/off (checkboxes). Anything else is left as sent for the schema to refuse.
 * - A repeated plain name keeps its last value (a hidden input followed by a checkbox).
 * - Bad shapes answer 422 keyed by the dotted name: a malformed name, a name used both as a value
 *   and as a list or map (or as a list and a map), `[]` followed by more brackets, an index above
 *   `maxIndex`, more than `maxDepth` bracket levels, more than `maxEntries` entries.
 */

/** A JSON Schema as far as the parser reads it: types, properties, items and local `$ref`s. */
export interface FormSchema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, FormSchema>;
  items?: FormSchema | FormSchema[];
  additionalProperties?: boolean | FormSchema;
  $ref?: string;
  definitions?: Record<string, FormSchema>;
}

export interface MultipartFormOptions {
  /** JSON Schema of the whole object, for type conversion. */
  schema?: FormSchema;
  /** Most entries accepted (default 5000, the multipart field limit). */
  maxEntries?: number;
  /** Highest list index accepted (default 1000). */
  maxIndex?: number;
  /** Most bracket levels after the name (default 4: `a[0][b][fr]` has 3). */
  maxDepth?: number;
}

export interface ParsedForm {
  /** The parsed, converted object. */
  data: Record<string, unknown>;
  /** A dotted key on `data` as the client named it (sparse indexes restored). */
  sentKey(key: string): string;
}

const FORM_LIMITS = { maxEntries: 5000, maxIndex: 1000, maxDepth: 4 } as const;

type Node =
  | { kind: 'value'; value: string }
  | { kind: 'append'; items: Node[] }
  | { kind: 'indexed'; items: Map<number, Node> }
  | { kind: 'map'; entries: Map<string, Node> };

type ContainerKind = 'append' | 'indexed' | 'map';

const NAME = /^([A-Za-z_][A-Za-z0-9_-]*)((?:\[[A-Za-z0-9_-]*\])*)$/;
const SEGMENT = /\[([^\]]*)\]/g;
const INDEX = /^\d+$/;

const KIND_LABEL: Record<Node['kind'], string> = {
  value: 'a value',
  append: 'a list (name[])',
  indexed: 'an indexed list (name[0])',
  map: 'a map (name[key])',
};

/** The dotted key of a sent name: `seriesList[0][name]` → `seriesList.0.name`, `genres[]` → `genres`. */
export function dottedName(name: string): string {
  return name.replace(/\[\]$/, '').replace(/\[([^\]]*)\]/g, '.$1');
}

/** Parses ordered `[name, value]` entries (from `receiveUploads`) into one object; see the module comment. */
export function parseMultipartForm(entries: readonly (readonly [string, string])[], options: MultipartFormOptions = {}): ParsedForm {
  const maxEntries = options.maxEntries ?? FORM_LIMITS.maxEntries;
  const maxIndex = options.maxIndex ?? FORM_LIMITS.maxIndex;
  const maxDepth = options.maxDepth ?? FORM_LIMITS.maxDepth;
  if (entries.length > maxEntries) throw unprocessable({ _: [`The form may not have more than ${maxEntries} fields.`] });

  const root: Node & { kind: 'map' } = { kind: 'map', entries: new Map() };
  for (const [name, value] of entries) insert(root, name, value, maxIndex, maxDepth);

  const renames = new Map<string, string>();
  const data = (convert(root, options.schema, options.schema, '', renames) ?? {}) as Record<string, unknown>;
  return {
    data,
    sentKey(key) {
      if (renames.size === 0) return key;
      const out: string[] = [];
      let prefix = '';
      for (const segment of key.split('.')) {
        prefix = prefix ? `${prefix}.${segment}` : segment;
        out.push(renames.get(prefix) ?? segment);
      }
      return out.join('.');
    },
  };
}

function insert(root: Node & { kind: 'map' }, name: string, value: string, maxIndex: number, maxDepth: number): void {
  const match = NAME.exec(name);
  const refuse = (key: string, message: string) => unprocessable({ [key]: [message] });
  if (!match) throw refuse(dottedName(name) || '_', `The form field name "${name.slice(0, 100)}" is malformed.`);
  const segments = [...match[2]!.matchAll(SEGMENT)].map((m) => m[1]!);
  if (segments.length > maxDepth) throw refuse(dottedName(name), `The form field "${name}" is nested more than ${maxDepth} levels deep.`);

  let container: Node = root;
  const path: string[] = [];
  const keys = [match[1]!, ...segments];
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    const last = i === keys.length - 1;
    const next = keys[i + 1];
    const wanted: Node['kind'] = last ? 'value' : next === '' ? 'append' : INDEX.test(next!) ? 'indexed' : 'map';
    if (key === '' && !last) throw refuse(dottedName(name), `The form field "${name}" has [] before other brackets.`);

    const dotted = [...path, key].join('.');
    const conflict = (existing: Node) =>
      refuse(dotted, `The form field "${dotted}" is sent both as ${KIND_LABEL[existing.kind]} and as ${KIND_LABEL[wanted]}.`);

    let child: Node | undefined;
    const make = (): Node => (wanted === 'value' ? { kind: 'value', value } : emptyContainer(wanted));
    switch (container.kind) {
      case 'append': {
        // Only reached for `name[]` (last segment): append a value.
        const item = make();
        container.items.push(item);
        child = item;
        break;
      }
      case 'indexed': {
        const index = Number(key);
        if (!INDEX.test(key)) throw refuse(dotted, `The form field "${dotted}" needs a list index.`);
        if (!Number.isSafeInteger(index) || index > maxIndex) throw refuse(dotted, `The list index ${key.slice(0, 20)} is above ${maxIndex}.`);
        child = container.items.get(index);
        if (!child || wanted === 'value') {
          if (child && child.kind !== 'value') throw conflict(child);
          child = make();
          container.items.set(index, child);
        }
        break;
      }
      case 'map': {
        child = container.entries.get(key);
        if (!child || (wanted === 'value' && child.kind === 'value')) {
          child = make();
          container.entries.set(key, child);
        }
        break;
      }
      case 'value':
        throw conflict(container);
    }
    if (child.kind !== wanted) throw conflict(child);
    container = child;
    path.push(key);
  }
}

function emptyContainer(kind: ContainerKind): Node {
  if (kind === 'append') return { kind, items: [] };
  if (kind === 'indexed') return { kind, items: new Map() };
  return { kind, entries: new Map() };
}

/** Follows a local `$ref` (`#/definitions/x`) to its schema. */
function resolve(schema: FormSchema | undefined, root: FormSchema | undefined): FormSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops += 1) {
    const match = /^#\/definitions\/(.+)$/.exec(current.$ref);
    current = match ? root?.definitions?.[match[1]!] : undefined;
  }
  return current;
}

function propertySchema(schema: FormSchema | undefined, key: string, root: FormSchema | undefined): FormSchema | undefined {
  const resolved = resolve(schema, root);
  const property = resolved?.properties?.[key];
  if (property) return property;
  return typeof resolved?.additionalProperties === 'object' ? resolved.additionalProperties : undefined;
}

function itemSchema(schema: FormSchema | undefined, root: FormSchema | undefined): FormSchema | undefined {
  const items = resolve(schema, root)?.items;
  return Array.isArray(items) ? undefined : items;
}

function convert(node: Node, schema: FormSchema | undefined, root: FormSchema | undefined, path: string, renames: Map<string, string>): unknown {
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  switch (node.kind) {
    case 'value':
      return scalar(node.value, resolve(schema, root));
    case 'append':
      return node.items.map((item, i) => convert(item, itemSchema(schema, root), root, at(i), renames)).filter((item) => item !== undefined);
    case 'indexed': {
      const out: unknown[] = [];
      for (const index of [...node.items.keys()].sort((a, b) => a - b)) {
        const value = convert(node.items.get(index)!, itemSchema(schema, root), root, at(out.length), renames);
        if (value === undefined) continue;
        if (index !== out.length) renames.set(at(out.length), String(index));
        out.push(value);
      }
      return out;
    }
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of node.entries) {
        const value = convert(child, propertySchema(schema, key, root), root, at(key), renames);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
  }
}

const TRUE = new Set(['1', 'true', 'on']);
const FALSE = new Set(['0', 'false', 'off']);

/** A sent string as the schema's type, or undefined when empty. */
function scalar(raw: string, schema: FormSchema | undefined): unknown {
  const value = raw.trim();
  if (value === '') return undefined;
  const types = [schema?.type ?? []].flat();
  const lower = value.toLowerCase();
  if (types.includes('integer')) {
    const isFlag = schema?.enum?.length === 2 && schema.enum.includes(0) && schema.enum.includes(1);
    if (isFlag && TRUE.has(lower)) return 1;
    if (isFlag && FALSE.has(lower)) return 0;
    if (/^[+-]?\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  }
  if (types.includes('number') && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (types.includes('boolean')) {
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
  }
  return value;
}

/**
 * The JSON-body counterpart of the parser's normalisation, so both bodies mean the same: strings
 * trimmed, object properties that are null or empty strings left out, and 0/1 integer flags
 * accepted as booleans. Other values are kept for the schema to judge.
 */
export function normalizeJsonForm(value: unknown, schema?: FormSchema, root: FormSchema | undefined = schema): unknown {
  const resolved = resolve(schema, root);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') {
    const isFlag = [resolved?.type ?? []].flat().includes('integer') && resolved?.enum?.includes(0) && resolved.enum.includes(1);
    return isFlag ? (value ? 1 : 0) : value;
  }
  if (Array.isArray(value)) return value.map((item) => normalizeJsonForm(item, itemSchema(resolved, root), root));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const normalized = normalizeJsonForm(item, propertySchema(resolved, key, root), root);
      if (normalized !== null && normalized !== '') out[key] = normalized;
    }
    return out;
  }
  return value;
}

/** A refusal's keys as the client sent them (sparse multipart indexes restored, `sentKey`); other errors unchanged. */
export function withSentKeys(error: unknown, sentKey: (key: string) => string): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [sentKey(key), messages]));
  return new HttpError(error.statusCode, error.message, errors, error.headers);
}
