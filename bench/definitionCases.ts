/**
 * The definitions the `definitions` bench suite checks (bench/definitions.ts): the largest real one,
 * the reading-sheet editor's, and the worst ones the bounds of a definition let staff write
 * (server/definitions/definitionBounds.ts, check/checkSchemaLanguage.ts), each just within them.
 */
import { loadScreenFiles } from '../server/definitions/loadScreens.js';
import { DEFINITION_BOUNDS } from '../server/definitions/definitionBounds.js';
import { SCHEMA_BOUNDS } from '../server/definitions/check/checkSchemaLanguage.js';

type Json = Record<string, unknown>;

/** A case: the screen it is checked on, and its definition. */
export interface DefinitionCase {
  name: string;
  screen: string;
  definition: Json;
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Properties of a schema, at any depth, with a `type` (the fields a rule can be added to). */
function fields(schema: Json, out: Json[] = []): Json[] {
  for (const key of ['properties', 'definitions']) {
    const named = schema[key] as Record<string, Json> | undefined;
    for (const child of Object.values(named ?? {})) {
      if (child && typeof child === 'object') {
        out.push(child);
        fields(child, out);
        if (child.items && typeof child.items === 'object') fields(child.items as Json, out);
      }
    }
  }
  return out;
}

/**
 * The reading sheet with the most its bounds allow that still passes the check and compiles:
 * `SCHEMA_BOUNDS.patterns` patterns, each near the most complex an RE2 program may be, on texts,
 * and every title and description at its longest, up to the size bound.
 */
export function worstSheet(): Json {
  const definition = loadScreenFiles().get('reading-sheets')! as unknown as Json & { form: { schema: Json; uiSchema: Json } };
  const all = fields(definition.form.schema);
  let patterns = 0;
  for (const field of all) {
    if (
      patterns < SCHEMA_BOUNDS.patterns &&
      field.type === 'string' &&
      typeof field.maxLength === 'number' &&
      field.maxLength <= SCHEMA_BOUNDS.patternText &&
      field.pattern === undefined &&
      field.format === undefined
    ) {
      // 395 instructions of RE2 program: just within MAX_PATTERN_PROGRAM.
      field.pattern = '^(\\w+\\s?){1,56}$';
      patterns++;
    }
  }
  for (const field of all) {
    if (size(definition) > DEFINITION_BOUNDS.definitionBytes - 3000) break;
    field.description = 'd'.repeat(SCHEMA_BOUNDS.description - 1);
  }
  return definition;
}

/** A genres definition whose form schema holds the most schemas and nesting the language allows (refused later, as storage it cannot change). */
function widestGenres(): Json {
  const definition = structuredClone(loadScreenFiles().get('genres')!) as Json & { form: { schema: Json & { definitions: Json } } };
  // Trees of the deepest nesting, each node with two children, until the count or the size bound.
  const tree = (depth: number): Json =>
    depth === 0 ? { type: 'string', maxLength: 9 } : { type: 'object', properties: { a: tree(depth - 1), b: tree(depth - 1) } };
  let count = 0;
  for (let i = 0; count + 255 < SCHEMA_BOUNDS.nodes - 10 && size(definition) < DEFINITION_BOUNDS.definitionBytes - 12_000; i++) {
    definition.form.schema.definitions[`d${i}`] = tree(7);
    count += 255;
  }
  return definition;
}

/** A genres definition whose UI schema is as large as the size bound lets it be (UI nodes for fields it does not have). */
function largestUiGenres(): Json {
  const definition = structuredClone(loadScreenFiles().get('genres')!) as Json & { form: { uiSchema: Json } };
  for (let i = 0; size(definition) < DEFINITION_BOUNDS.definitionBytes - 200; i++) {
    definition.form.uiSchema[`f${i}`] = {
      'ui:widget': 'remoteSelect',
      'ui:options': { source: { api: 'genres', perPage: 500, labelField: 'name' } },
      'ui:help': 'h'.repeat(40),
    };
  }
  return definition;
}

/** Every case: the reading sheet as shipped, and the worst ones. */
export function definitionCases(): DefinitionCase[] {
  return [
    { name: 'the reading sheet as shipped', screen: 'reading-sheets', definition: loadScreenFiles().get('reading-sheets')! as unknown as Json },
    { name: 'the reading sheet at its bounds (20 complex patterns, longest texts)', screen: 'reading-sheets', definition: worstSheet() },
    { name: 'genres with the most schemas and nesting', screen: 'genres', definition: widestGenres() },
    { name: 'genres with the largest UI schema', screen: 'genres', definition: largestUiGenres() },
  ];
}
