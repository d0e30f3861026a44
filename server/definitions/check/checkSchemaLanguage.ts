import Ajv, { type ValidateFunction } from 'ajv';
import secureMetaSchema from 'ajv/lib/refs/json-schema-secure.json' with { type: 'json' };
import { formFormats } from '../../../common/formFormats.js';
import { MAX_PATTERN_LENGTH, patternProblem } from '../../../common/linearRegExp.js';
import { isObject, listed, type Json, type Path, type Report } from './problem.js';

/**
 * The closed language of a form's JSON Schema: what a definition's `form.schema` may say, where,
 * and how much of it. A screen definition staff publish is untrusted input (docs/security.md,
 * "Definitions are untrusted input"); Ajv, which compiles it into code, treats a schema as trusted
 * code. So before anything is compiled, every keyword at any depth is one of these, each value of
 * its type and within its bounds; `$id`, `$anchor`, `$dynamicRef` and every keyword the product
 * does not use are refused, and a `$ref` points only into the schema's own `definitions`.
 */
export const SCHEMA_BOUNDS = {
  /** Nesting of schemas inside schemas (a translated list of texts is 4 deep). */
  depth: 10,
  /** Schemas in one form schema, all depths (the reading sheet has about 300). */
  nodes: 3000,
  /** Properties of one object, definitions of one schema. */
  properties: 300,
  /** Values of one `enum`, schemas of one `oneOf` / `anyOf`. */
  values: 1000,
  /** A property's or definition's name. */
  nameLength: 64,
  /** Texts: a title, a description or comment. */
  title: 300,
  description: 2000,
  /** A number's magnitude, a length or count. */
  magnitude: 1e15,
  /** A default value, as JSON. */
  defaultLength: 10_000,
  /** Patterns in one form schema (the reading sheet has two). */
  patterns: 20,
  /** The `maxLength` a pattern's text must have, at most (a URL's): a pattern's check is as long as its text. */
  patternText: 2048,
} as const;

/** JSON Schema types. */
const TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];
/** A property's or definition's name: a word, as the API names fields. */
const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
/** The one `$ref` a form may hold: one of its own definitions. */
const LOCAL_REF = /^#\/definitions\/([A-Za-z][A-Za-z0-9_]*)$/;
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

type Where = 'root' | 'inner';
type Rule = (value: unknown, at: Path, walk: Walk, where: Where) => string | undefined;
interface Walk {
  schema(value: unknown, at: Path, where?: Where): void;
  report: Report;
}

const text =
  (max: number): Rule =>
  (value) =>
    typeof value !== 'string' ? 'must be a text' : value.length > max ? `is ${value.length} characters long: at most ${max}` : undefined;
const bool: Rule = (value) => (typeof value === 'boolean' ? undefined : 'must be true or false');
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= SCHEMA_BOUNDS.magnitude;
const number: Rule = (value) => (finite(value) ? undefined : `must be a number between -${SCHEMA_BOUNDS.magnitude} and ${SCHEMA_BOUNDS.magnitude}`);
const count: Rule = (value) => (finite(value) && Number.isInteger(value) && value >= 0 ? undefined : 'must be a whole number from 0');
const scalar = (value: unknown): boolean =>
  value === null || typeof value === 'boolean' || finite(value) || (typeof value === 'string' && value.length <= SCHEMA_BOUNDS.title);

/** A list of at most SCHEMA_BOUNDS.values items, each checked by `item`. */
function list(value: unknown, what: string): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return `must be a list of ${what}`;
  if (value.length > SCHEMA_BOUNDS.values) return `holds ${value.length} ${what}: at most ${SCHEMA_BOUNDS.values}`;
  return undefined;
}

/** Schemas by name (`properties`, `definitions`): names are words, at most SCHEMA_BOUNDS.properties of them. */
const named: Rule = (value, at, walk) => {
  if (!isObject(value)) return 'must be an object of schemas by name';
  const names = Object.keys(value);
  if (names.length > SCHEMA_BOUNDS.properties) return `holds ${names.length} entries: at most ${SCHEMA_BOUNDS.properties}`;
  for (const name of names) {
    if (!NAME.test(name) || name.length > SCHEMA_BOUNDS.nameLength)
      walk.report(
        [...at, name],
        `is not a field name: a name is a word of letters, digits and _, starting with a letter, at most ${SCHEMA_BOUNDS.nameLength} characters`,
      );
    else walk.schema(value[name], [...at, name]);
  }
  return undefined;
};

/** What each keyword may hold; a keyword missing here is refused. */
const KEYWORDS: Record<string, Rule> = {
  $schema: (value, _at, _walk, where) =>
    where !== 'root' ? 'is said once, at the root of the form’s schema' : value === DRAFT_07 ? undefined : `must be "${DRAFT_07}"`,
  $comment: text(SCHEMA_BOUNDS.description),
  $ref: (value) => {
    if (typeof value !== 'string' || !LOCAL_REF.test(value)) return 'must point to one of this form’s definitions ("#/definitions/<name>")';
    return undefined;
  },
  definitions: (value, at, walk, where) => (where !== 'root' ? 'are kept at the root of the form’s schema' : named(value, at, walk, where)),
  title: text(SCHEMA_BOUNDS.title),
  description: text(SCHEMA_BOUNDS.description),
  type: (value) => {
    const types = Array.isArray(value) ? value : [value];
    if (types.length === 0 || types.some((type) => typeof type !== 'string' || !TYPES.includes(type)) || new Set(types).size !== types.length) {
      return `must be one of ${listed(TYPES)}, or a list of them`;
    }
    return undefined;
  },
  readOnly: bool,
  uniqueItems: bool,
  minLength: count,
  maxLength: count,
  minItems: count,
  maxItems: count,
  minimum: number,
  maximum: number,
  exclusiveMinimum: number,
  exclusiveMaximum: number,
  multipleOf: (value) => (finite(value) && value > 0 ? undefined : 'must be a number above 0'),
  format: (value) => (typeof value === 'string' && Object.hasOwn(formFormats, value) ? undefined : `must be one of ${listed(Object.keys(formFormats))}`),
  pattern: (value) => (typeof value !== 'string' ? `must be a text: a regular expression of at most ${MAX_PATTERN_LENGTH} characters` : patternProblem(value)),
  enum: (value) =>
    list(value, 'values') ??
    ((value as unknown[]).every(scalar) ? undefined : `must list texts of at most ${SCHEMA_BOUNDS.title} characters, numbers, true, false or null`),
  const: (value) => (scalar(value) ? undefined : `must be a text of at most ${SCHEMA_BOUNDS.title} characters, a number, true, false or null`),
  default: (value) => {
    const json = JSON.stringify(value);
    return json === undefined
      ? 'must be a JSON value'
      : json.length > SCHEMA_BOUNDS.defaultLength
        ? `is ${json.length} characters of JSON: at most ${SCHEMA_BOUNDS.defaultLength}`
        : undefined;
  },
  required: (value) => {
    if (!Array.isArray(value)) return 'must be a list of field names';
    if (value.length > SCHEMA_BOUNDS.properties || value.some((name) => typeof name !== 'string' || !NAME.test(name))) return 'must be a list of field names';
    return new Set(value).size === value.length ? undefined : 'names a field twice';
  },
  properties: named,
  additionalProperties: (value, at, walk) => {
    if (typeof value === 'boolean') return undefined;
    walk.schema(value, at);
    return undefined;
  },
  items: (value, at, walk) => {
    if (!isObject(value)) return 'must be one schema, which every item follows';
    walk.schema(value, at);
    return undefined;
  },
  // A translated text (common/expandTranslations.ts): the template of each locale.
  translations: (value, at, walk) => {
    if (!isObject(value)) return 'must be a schema (an object), the template of each locale';
    walk.schema(value, at);
    return undefined;
  },
  oneOf: (value, at, walk) => schemaList(value, at, walk),
  anyOf: (value, at, walk) => schemaList(value, at, walk),
  // What an AI draft of a per-language map writes (common/aiDraft.ts).
  'x-aiDraft': (value) => {
    if (!isObject(value) || Object.keys(value).some((key) => key !== 'field' && key !== 'ask')) return 'must be an object holding "field" and "ask"';
    if (typeof value.field !== 'string' || !NAME.test(value.field) || value.field.length > SCHEMA_BOUNDS.nameLength) return 'its "field" must be a field name';
    return typeof value.ask === 'string' && value.ask.length <= SCHEMA_BOUNDS.description
      ? undefined
      : `its "ask" must be a text of at most ${SCHEMA_BOUNDS.description} characters`;
  },
};

function schemaList(value: unknown, at: Path, walk: Walk): string | undefined {
  const problem = list(value, 'schemas');
  if (problem) return problem;
  (value as unknown[]).forEach((item, index) => walk.schema(item, [...at, index]));
  return undefined;
}

/** The keywords a form's schema may use, for messages. */
const SCHEMA_KEYWORDS: readonly string[] = Object.keys(KEYWORDS);

/**
 * Refuses, at its path, everything in a form's JSON Schema outside the closed language
 * (`KEYWORDS`, `SCHEMA_BOUNDS`): a keyword the product does not use, a value of the wrong type or
 * past its bound, a `$ref` outside the schema's definitions, a pattern RE2 cannot run, schemas
 * nested too deep or too many. Returns whether the schema is within the language (nothing may be
 * compiled otherwise).
 */
export function checkSchemaLanguage(schema: unknown, base: Path, report: Report): boolean {
  let found = false;
  let nodes = 0;
  let depth = 0;
  let patterns = 0;
  const tell: Report = (path, message) => {
    found = true;
    report(path, message);
  };
  const walk: Walk = {
    report: tell,
    schema(value, at, where = 'inner') {
      if (typeof value === 'boolean' && where === 'inner') return;
      if (!isObject(value)) return tell(at, 'must be a schema (an object)');
      nodes++;
      if (nodes > SCHEMA_BOUNDS.nodes) {
        if (nodes === SCHEMA_BOUNDS.nodes + 1)
          tell(base, `holds more than ${SCHEMA_BOUNDS.nodes} schemas: a form's schema holds at most ${SCHEMA_BOUNDS.nodes}`);
        return;
      }
      if (depth >= SCHEMA_BOUNDS.depth) return tell(at, `is nested too deep: a form's schema nests at most ${SCHEMA_BOUNDS.depth} schemas`);
      depth++;
      if ('pattern' in value) {
        patterns++;
        if (patterns === SCHEMA_BOUNDS.patterns + 1)
          tell([...at, 'pattern'], `is one pattern too many: a form's schema holds at most ${SCHEMA_BOUNDS.patterns}`);
        const max = value.maxLength;
        if (typeof max !== 'number' || max > SCHEMA_BOUNDS.patternText)
          tell([...at, 'pattern'], `needs a "maxLength" of at most ${SCHEMA_BOUNDS.patternText} beside it: a pattern is checked on short texts only`);
      }
      for (const [keyword, content] of Object.entries(value as Json)) {
        const rule = Object.hasOwn(KEYWORDS, keyword) ? KEYWORDS[keyword] : undefined;
        if (!rule) {
          tell([...at, keyword], `is not part of the forms' schema language: a form's schema may use ${listed(SCHEMA_KEYWORDS)}`);
          continue;
        }
        const problem = rule(content, [...at, keyword], walk, where);
        if (problem) tell([...at, keyword], problem);
      }
      depth--;
    },
  };
  walk.schema(schema, base, 'root');
  return !found;
}

let secure: ValidateFunction | undefined;

/**
 * The second net: Ajv's own meta-schema for the security assessment of schemas
 * (`ajv/lib/refs/json-schema-secure.json`: a `pattern` or `format` with a `maxLength`, unique
 * items of objects with a `maxItems`…), on the schema as it is compiled (its translations
 * expanded). Reports each of its findings at `base`.
 */
export function checkSecureSchema(schema: unknown, base: Path, report: Report): void {
  secure ??= new Ajv({ allErrors: true, strict: false }).compile(secureMetaSchema);
  if (secure(schema)) return;
  const reported = new Set<string>();
  // Its findings are the missing bounds; a schema outside the language has been refused before.
  for (const error of secure.errors ?? []) {
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    if (error.keyword !== 'required' || !missing || reported.has(error.instancePath)) continue;
    reported.add(error.instancePath);
    const segments = error.instancePath
      .split('/')
      .slice(1)
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    report([...base, ...segments], `needs a "${missing}": a pattern, a format or unique items are checked on bounded values only (say the most it holds)`);
  }
}
