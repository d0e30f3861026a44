import { BOOLEAN, DATE_TIME, INTEGER, objectOf, nullable, STRING } from './answerSchemas';
import { FILTER_OPS } from './filterOps';

/**
 * The answers of the screen definitions' routes (`admin/screens`, server/routes/screenRoutes.ts), as
 * the screen service builds them; the studio's types derive from them (src/screens/studio/studioCalls.ts) (server/screens/screenService.ts and its neighbours). A
 * definition, its labels and a widget's options schema are documents described elsewhere (the
 * screens' meta-schema, common/widgetOptions/): they are free-form here.
 */

const DEFINITION = {
  type: 'object',
  additionalProperties: true,
  description: 'A screen definition as staff write it (locales not expanded): see the screens’ meta-schema',
} as const;
const LABELS = {
  type: 'object',
  additionalProperties: true,
  description: 'The screen’s interface texts in English, nested by key (`{ title: "Genres", columns: { … } }`)',
} as const;
const strings = (description?: string) => ({ type: 'array', items: STRING, ...(description ? { description } : {}) }) as const;

/** A version's publication, as `summary` answers it for version 0 (the built-in file): no author, time nor comment. */
const PUBLICATION = {
  version: { ...INTEGER, description: 'The version (0: the built-in file)' },
  author: nullable(STRING),
  publishedAt: nullable(DATE_TIME),
  comment: nullable(STRING),
} as const;

/** A stored version's publication: its author, time and comment are always there. */
const STORED_PUBLICATION = {
  version: { ...INTEGER, description: 'The version (from 1)' },
  author: STRING,
  publishedAt: DATE_TIME,
  comment: STRING,
} as const;

/** A place of a definition and what is wrong there, in staff's words (a release's flags). */
const PLACED = objectOf({ path: { ...STRING, description: 'A dotted JSON path in the definition' }, message: STRING });

/**
 * Why the built-in file serves in place of the newest published version (docs/screens-at-run-time.md,
 * 'Releases'): it no longer fits the running code (`unfit`), or a release changed what it changed
 * too, differently (`conflict`); null when it serves or there is none.
 */
const RELEASE_FLAGS = {
  unfit: nullable(
    objectOf({
      version: { ...INTEGER, description: 'The version that no longer fits' },
      reason: {
        ...STRING,
        description: 'In staff’s words, from the first problems: "Version 7 no longer fits this release: the list column `website` is no longer served"',
      },
      problems: { type: 'array', items: PLACED, description: 'The complete check’s problems of the version (or of its changes re-applied onto the new file)' },
    }),
  ),
  conflict: nullable(
    objectOf({
      version: { ...INTEGER, description: 'The version whose changes conflict with the release' },
      reason: { ...STRING, description: 'In staff’s words, the parts both changed' },
      conflicts: { type: 'array', items: PLACED, description: 'Each part both changed, at its path in the repair draft, with what each side holds' },
    }),
  ),
} as const;

/** One screen of `GET admin/screens`: the version in use and who published it, whether it has a draft. */
export const SCREEN_SUMMARY = objectOf({
  name: STRING,
  customised: { ...BOOLEAN, description: 'A published version replaces the built-in file' },
  ...PUBLICATION,
  hasDraft: BOOLEAN,
  ...RELEASE_FLAGS,
});

/** `GET admin/screens/{name}`: the definition and labels in use, and the stored draft with who saved it last and when. */
export const SCREEN_DETAIL = objectOf({
  name: STRING,
  version: { ...INTEGER, description: 'The version in use (0: the built-in file)' },
  customised: BOOLEAN,
  definition: DEFINITION,
  labels: LABELS,
  ...RELEASE_FLAGS,
  rebased: { ...BOOLEAN, description: 'The version’s changes re-applied onto a release’s new built-in file serve (`definition`, `labels`)' },
  repair: {
    ...nullable(objectOf({ definition: DEFINITION, labels: LABELS })),
    description: 'With `unfit` or `conflict`: the draft to repair it from (the version, or the merge with the new file’s side at each conflict)',
  },
  draft: nullable(objectOf({ definition: DEFINITION, labels: LABELS, author: STRING, updatedAt: DATE_TIME })),
});

/** One query parameter of a screen's list in its catalog (server/screens/screenCatalog.ts CatalogFilter). */
const CATALOG_FILTER = objectOf(
  {
    param: STRING,
    kind: { type: 'string', enum: ['paging', 'language', 'filter'] },
    several: { ...BOOLEAN, description: 'It takes several values, a row matching any of them' },
    op: { type: 'string', enum: [...FILTER_OPS], description: 'How a declared filter matches rows' },
    text: { ...BOOLEAN, description: 'It takes a free text (a search)' },
    tree: { type: 'string', enum: ['genres', 'thematics'], description: 'Ids of a tree: a node also matches its descendants' },
    values: strings('The words it takes, when it takes words rather than ids'),
    field: { ...STRING, description: 'The record’s field holding the column it filters: its label and choices are the filter’s' },
  },
  { optional: ['op', 'text', 'tree', 'values', 'field'] },
);

const OPTIONS = { type: 'object', additionalProperties: true, description: 'The JSON Schema of its own `ui:options`' } as const;

/** `GET admin/screens/{name}/catalog`: what the studio's structured controls may offer for the screen. */
export const SCREEN_CATALOG = objectOf({
  listFields: strings('The fields of each row of its list'),
  filters: { type: 'array', items: CATALOG_FILTER, description: 'The query parameters its list accepts' },
  searchParams: strings('Those of `filters` that take a free text'),
  formFields: strings('The fields a save stores'),
  readOnlyFields: strings('The fields the record returns read-only'),
  widgets: {
    type: 'array',
    items: objectOf({ name: STRING, builtIn: BOOLEAN, options: OPTIONS }),
    description: 'Every `ui:widget`, ours and RJSF’s own (`builtIn`)',
  },
  fields: {
    type: 'array',
    items: objectOf({ name: STRING, display: BOOLEAN, options: OPTIONS }),
    description: 'Every `ui:field`; `display`: it only shows something',
  },
  anyFieldOptions: { type: 'object', additionalProperties: true, description: 'The `ui:options` any field takes (a JSON Schema)' },
  rootOptions: { type: 'object', additionalProperties: true, description: 'The `ui:options` only a form’s root takes (a JSON Schema)' },
  cells: strings(),
  filterWidgets: strings(),
  routes: { type: 'array', items: objectOf({ name: STRING, path: STRING, screen: STRING }), description: 'Every route of the screens' },
  languages: { type: 'array', items: objectOf({ code: STRING, name: STRING }), description: 'The interface’s languages' },
  metaSchema: { type: 'object', additionalProperties: true, description: 'The JSON Schema of the screen’s definition' },
});

/** `POST admin/screens/{name}/validate`: the draft's form accepts the record (`{ message: 'valid', errors: {} }`); a refusal is a 422. */
export const VALID_RECORD_ANSWER = objectOf({
  message: STRING,
  errors: { type: 'object', additionalProperties: { type: 'array', items: STRING }, description: 'Always empty' },
});

/** `PUT admin/screens/{name}/draft`'s saved draft: who saved it and when. */
export const SAVED_DRAFT = objectOf({ author: STRING, updatedAt: DATE_TIME });

/** One problem of a definition: where (a dotted JSON path) and what to do. */
const PROBLEM = objectOf({ path: STRING, message: STRING });

/** `POST admin/screens/{name}/check`: every problem of the definition and labels, none when it can be published. */
export const CHECK_ANSWER = objectOf({ errors: { type: 'array', items: PROBLEM } });

/** The version a publish, a rollback or a return to the built-in file added. */
export const ADDED_VERSION = objectOf(STORED_PUBLICATION);

/** One version of `GET admin/screens/{name}/versions`: its publication, whether it returned to the built-in file, the version it was based on. */
export const VERSION_ROW = objectOf({
  ...STORED_PUBLICATION,
  builtIn: { ...BOOLEAN, description: 'A return to the built-in file' },
  baseVersion: INTEGER,
});

/** `GET admin/screens/{name}/versions/{v}`: a version's publication (none for version 0), definition and labels. */
export const SCREEN_VERSION = objectOf({
  name: STRING,
  ...PUBLICATION,
  definition: DEFINITION,
  labels: LABELS,
});

/** `GET admin/screens/{name}/diff`: what changed, as staff read it, and the unified JSON diff of the two sides. */
export const SCREEN_DIFF = objectOf({
  changes: strings('Each change in words (`column added: website`)'),
  json: { ...STRING, description: 'The unified diff of the two sides’ `{ definition, labels }`' },
});

/** `POST admin/screens/{name}/impact`: how many stored records the new form would refuse, and the first ones with why (common/screenImpact.ts). */
export const SCREEN_IMPACT = objectOf({
  refused: INTEGER,
  measured: INTEGER,
  total: INTEGER,
  sample: { ...BOOLEAN, description: 'Only the first `measured` of `total` were read' },
  first: { type: 'array', items: objectOf({ id: INTEGER, reason: STRING }) },
});

/** `GET admin/screens/validators/{stamp}.js`: a script, not JSON. */
export const VALIDATORS_SCRIPT = { description: "The ES module of the in-use forms' validators", type: 'string' } as const;

/** `GET admin/screens/{name}/versions/{v}/export`: a JSON file sent as an attachment (a string). */
export const EXPORT_FILE = { description: 'The definition file to commit', type: 'string' } as const;
