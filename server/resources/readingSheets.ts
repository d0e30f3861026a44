import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  adaptationBudgets,
  authors,
  authorTypes,
  BOOK_CRITERIA,
  bookAuthors,
  bookFiles,
  BOOK_FILE_TYPES,
  type BookFileType,
  bookRatings,
  bookSeries,
  characterAgeLinks,
  characterAges,
  characterFunctions,
  characterGenders,
  characters,
  characterTopologies,
  reporterBooks,
  reporters,
  bookContacts,
  bookSources,
  contacts,
  bookFacets,
  bookGenres,
  bookStatuses,
  companies,
  countries,
  formats,
  genres,
  languages,
  rightsStatuses,
  times,
  type BookCriterionKey,
} from '../db/schema/index.js';
import { RATING_MAX, RATING_MIN, RATING_TYPES, type RatingType } from '../db/schema/book-ratings.js';
import type { FilterDeclaration } from '../engine/filterDeclaration.js';
import type { FileRuleName } from '../../common/fileRules.js';
import { listQuerySchema } from '../engine/listQuerySchema.js';
import type { Codec, FieldDeclaration, IdsRelation, ResourceSurface, RowsRelation } from '../engine/declaration.js';
import { BOOLEAN, DATE_TIME, INTEGER, nullable, objectOf, STRING, type JsonSchema } from '../../common/answerSchemas.js';

const ids = (column: string, tree?: 'genres' | 'thematics'): FilterDeclaration => ({ column, op: 'overlaps', many: true, ...(tree ? { tree } : {}) });
const oneOf = (column: string): FilterDeclaration => ({ column, op: 'in', many: true });

/**
 * The filters of `GET admin/books` (SPEC §2 'Reading-sheet list'), each on the sheet's narrow
 * `book_facets` row (a projection kept by triggers, docs/books-list.md): the free text on its
 * vectors (title and author matches first), criteria as id arrays
 * (`overlaps`, a GIN index each), single columns as `in`, ratings as minimum stars.
 */
/** The orders of the reading-sheet list (`sort`), newest change first by default. */
export const SHEET_SORTS = ['id', 'title', 'publication_date', 'updated_at'] as const;
export type SheetSort = (typeof SHEET_SORTS)[number];

export const SHEET_FILTERS = {
  search: { column: 'searchVector', op: 'fulltext', ranked: 'titleVector' },
  author: ids('authorIds'),
  rightsStatus: oneOf('rightsStatusId'),
  publicationDate: { column: 'publicationDate', op: 'month' },
  statuses: oneOf('statusId'),
  audiences: ids('audienceIds'),
  genres: ids('genreIds', 'genres'),
  categories: ids('categoryIds'),
  thematics: ids('thematicIds', 'thematics'),
  places: ids('placeIds'),
  periods: ids('periodIds'),
  times: oneOf('timeId'),
  nativeCountry: oneOf('originalCountryId'),
  motherTongue: oneOf('languageId'),
  series: { column: 'serie', op: 'flag' },
  formats: oneOf('formatId'),
  ...Object.fromEntries(RATING_TYPES.map((type) => [type, { column: type, op: 'atLeast', minimum: RATING_MIN, maximum: RATING_MAX }])),
} as const satisfies Record<string, FilterDeclaration>;

const listOnly = (description: string, schema: JsonSchema): FieldDeclaration => ({ computed: description, schema, returned: 'list' });
const ID_LABEL = objectOf({ id: INTEGER, label: STRING });

/** The reading sheets' name in the one write path (server/engine/recordWrites.ts): their API's. */
export const SHEET_RESOURCE = 'books';

/**
 * The reading sheets' list (`GET admin/books`) as the screen check reads it: the rows' fields and
 * the accepted filters. The sheet itself (`GET`/`POST admin/books/{id}`) is the bespoke editor's,
 * validated with the form schema of schemas/reading-sheets.screen.json (server/sheets/sheetSaveInput.ts).
 */
export const readingSheetList = {
  api: SHEET_RESOURCE,
  label: 'Reading sheet',
  screen: 'reading-sheets',
  table: bookFacets,
  fields: {
    id: { column: 'bookId', returned: 'list' },
    original_title: listOnly('books.original_title', STRING),
    authorList: listOnly('the authors in their order: [{ id, name }]', { type: 'array', items: objectOf({ id: INTEGER, name: STRING }) }),
    author_names: listOnly('author names joined with ", "', STRING),
    status: listOnly('book_statuses: { id, label }', ID_LABEL),
    status_label: listOnly('book_statuses.label', STRING),
    rights_status: listOnly('rights_statuses: { id, label }', ID_LABEL),
    primary_genre_color: listOnly("the primary genre's colour", nullable(STRING)),
    primary_genre_name: listOnly("the primary genre's name (English, else its first filled language)", nullable(STRING)),
    cover_url: listOnly("the first cover's URL", nullable(STRING)),
    publication_date: listOnly('YYYY-MM', nullable(STRING)),
    updated_at: listOnly('ISO 8601, UTC', DATE_TIME),
    original_country: listOnly("the original country's name (English, else its first filled language)", nullable(STRING)),
    language: listOnly("the original language's name (English, else its first filled language)", nullable(STRING)),
    nb_pages: listOnly('books.nb_pages', nullable(INTEGER)),
    ...(Object.fromEntries(
      RATING_TYPES.map((type) => [
        `${type}_rating`,
        listOnly(`the stars of its ${type} rating (${RATING_MIN} to ${RATING_MAX}), null when not rated`, nullable(INTEGER)),
      ]),
    ) as Record<`${RatingType}_rating`, FieldDeclaration>),
  },
  filters: SHEET_FILTERS,
} as const satisfies ResourceSurface & { table: unknown };

const stored = (column: string, codec?: Codec): FieldDeclaration => ({ column, ...(codec ? { codec } : {}), returned: 'record' });
/** A column of `books` holding an id of `table`: a save refuses one that names no row ('The selected language does not exist.'). */
const refersTo = (field: FieldDeclaration, table: PgTable, what: string): FieldDeclaration => ({
  ...field,
  references: table,
  invalid: `The selected ${what} does not exist.`,
});
const translated = (column: string) => stored(column, 'translations');
/** A list of the sheet, stored in a table of its own by the sheet's save (server/sheets/sheetSaveRows.ts) and read back with it. */
const listed = (where: string): FieldDeclaration => ({ relation: where, writable: true, returned: 'record' });
/** A field the sheet's answer carries and a save ignores, with its answer's schema (none: the answer derives it, server/sheets/sheetAnswers.ts). */
const readOnly = (description: string, schema?: JsonSchema): FieldDeclaration => ({ computed: description, returned: 'record', ...(schema ? { schema } : {}) });
/** A set of ids in a link table, read and written by the engine (server/engine/idSets.ts). */
const idSet = (relation: IdsRelation): FieldDeclaration => ({ relation, writable: true, returned: 'record' });
/** An ordered list of items in a table of their own, read and written by the engine (server/engine/rowLists.ts); the history follows what it says of its items. */
const rowList = (relation: RowsRelation): FieldDeclaration => ({
  relation,
  writable: true,
  returned: 'record',
  ...(relation.own ? { ownRows: true } : {}),
  ...(relation.computes ? { derivedItemKeys: Object.keys(relation.computes) } : {}),
});
/** An item's id of `table`: a save refuses one naming no row ('The selected <label> does not exist.'). */
const idOf = (column: string, table: PgTable & { id: PgColumn }, label: string) => ({ column, references: { table, label } });
/** The sheet's stored files of one type (`book_files.type`), new ones arriving in the multipart field `upload`; a `single` one replaced by a new upload. */
const fileList = (type: BookFileType, upload: string, rule: FileRuleName, single?: true): FieldDeclaration => ({
  relation: {
    files: bookFiles,
    owner: 'bookId',
    position: 'position',
    kind: { field: 'type', column: 'type', value: type },
    upload,
    rule,
    ...(single ? { single } : {}),
    stores: { name: 'originalName', key: 'storedName', size: 'size', mime: 'mime' },
  },
  returned: 'record',
  history: 'files',
});
/** A criterion's ids, in its link table (BOOK_CRITERIA: the table, its column, what it points at). */
const criterion = (key: BookCriterionKey): FieldDeclaration => {
  const { join, property, target, label } = BOOK_CRITERIA[key];
  return idSet({ ids: join, from: 'bookId', to: property, target, label });
};

/**
 * A reading sheet's fields, as `GET admin/books/{id}` answers them and its save writes them: one
 * line each. A column of `books` (its drizzle property, with how it crosses the API), a list the
 * save writes to its own table, a save option, or a read-only field. Every property of the
 * editor's save schema (the form schema of schemas/reading-sheets.screen.json) must be one of these: the build and
 * the start refuse one that nothing stores (server/definitions/check/checkServed.ts).
 */
export const READING_SHEET_FIELDS = {
  id: { column: 'id', returned: 'record' },
  original_title: stored('originalTitle'),
  original_country_id: refersTo(stored('originalCountryId'), countries, 'original country'),
  language_id: refersTo(stored('languageId'), languages, 'language'),
  status_id: refersTo({ column: 'statusId', returned: 'record', writtenBy: 'the save: 1 on a create without one' }, bookStatuses, 'status'),
  rights_status_id: refersTo(
    { column: 'rightsStatusId', returned: 'record', writtenBy: 'the save: 4 on a create without one; a change dates it' },
    rightsStatuses,
    'rights status',
  ),
  time_id: refersTo(stored('timeId'), times, 'time'),
  format_id: refersTo(stored('formatId'), formats, 'format'),
  company_id: refersTo(stored('companyId'), companies, 'publishing house'),
  adaptation_budget_id: refersTo(stored('adaptationBudgetId'), adaptationBudgets, 'adaptation budget'),
  publication_date: stored('publicationDate', 'month'),
  nb_pages: stored('nbPages'),
  universal: stored('universal', 'flag'),
  manuscript_confidential: stored('manuscriptConfidential', 'flag'),
  private_comment: stored('privateComment'),
  serie: stored('serie', 'flag'),
  titles: translated('titles'),
  subtitles: translated('subtitles'),
  pitches: translated('pitches'),
  public_comments: translated('publicComments'),
  newsletter_comments: translated('newsletterComments'),
  summaries: translated('summaries'),
  report: translated('report'),
  scouts: translated('scouts'),
  additional_periods: translated('additionalPeriods'),
  additional_places: translated('additionalPlaces'),
  durations: translated('durations'),
  additional_manuscripts: translated('additionalManuscripts'),
  detailed_summaries: translated('detailedSummaries'),
  key_moments: translated('keyMoments'),
  arenas: translated('arenas'),
  promises: translated('promises'),
  messages: translated('messages'),
  tones: translated('tones'),
  point_of_views: translated('pointOfViews'),
  narrative_structures: translated('narrativeStructures'),
  strong_points: translated('strongPoints'),
  weak_points: translated('weakPoints'),
  book_references: translated('bookReferences'),
  movie_references: translated('movieReferences'),
  // Its series items and characters: its own rows, each kept by its id (server/engine/rowLists.ts).
  seriesList: rowList({
    rows: bookSeries,
    owner: 'bookId',
    position: 'position',
    own: { what: 'series item', owner: 'reading sheet' },
    items: { name: { column: 'name' }, number: { column: 'number' } },
  }),
  // Their authors, sources and contacts: lists of items in tables of their own, in order (server/engine/rowLists.ts).
  authorList: rowList({
    rows: bookAuthors,
    owner: 'bookId',
    position: 'position',
    items: {
      id: { column: 'authorId', references: { table: authors, label: 'author' } },
      type: { column: 'authorTypeId', default: 1, references: { table: authorTypes, label: 'author type' } },
    },
    shows: { joins: [{ table: authors, on: [authors.id, bookAuthors.authorId] }], fields: { name: authors.name } },
  }),
  sourceList: rowList({
    rows: bookSources,
    owner: 'bookId',
    position: 'position',
    // A known contact, or another source in words (`other`): the body rules ask for one of them.
    items: {
      id: { column: 'contactId', references: { table: contacts, label: 'contact' } },
      other: { column: 'other' },
      date: { column: 'date' },
      mail: { column: 'mail' },
    },
    shows: { joins: [{ table: contacts, on: [contacts.id, bookSources.contactId], optional: true }], fields: { name: contacts.name } },
  }),
  // The reporters listing it: their lists' links, newest reporter first (absent from a body: left as they are).
  reporterList: rowList({
    rows: reporterBooks,
    owner: 'bookId',
    position: 'position',
    items: { id: idOf('reporterId', reporters, 'reporter') },
    shows: { joins: [{ table: reporters, on: [reporters.id, reporterBooks.reporterId] }], fields: { title: reporters.title } },
    linked: {
      of: 'reporterId',
      order: [
        { column: reporters.date, descending: true },
        { column: reporters.id, descending: true },
      ],
    },
  }),
  contactList: rowList({
    rows: bookContacts,
    owner: 'bookId',
    position: 'position',
    items: { id: { column: 'contactId', references: { table: contacts, label: 'contact' } }, audiovisual_law: { column: 'audiovisualLaw', flag: true } },
    shows: {
      joins: [
        { table: contacts, on: [contacts.id, bookContacts.contactId] },
        { table: companies, on: [companies.id, contacts.companyId], optional: true },
      ],
      fields: { name: contacts.name, company: companies.name },
    },
  }),
  genres: idSet({ ids: bookGenres, from: 'bookId', to: 'genreId', target: genres, label: 'genre', primary: { field: 'primary_genre', column: 'isPrimary' } }),
  primary_genre: listed('book_genres.is_primary: one of genres (written with them)'),
  periods: criterion('periods'),
  places: criterion('places'),
  thematics: criterion('thematics'),
  audiences: criterion('audiences'),
  categories: criterion('categories'),
  adaptation_formats: criterion('adaptation_formats'),
  adaptation_kinds: criterion('adaptation_kinds'),
  literary_prizes: criterion('literary_prizes'),
  characters: rowList({
    rows: characters,
    owner: 'bookId',
    position: 'position',
    own: { what: 'character', owner: 'reading sheet' },
    // The editor's key of each.
    computes: { key: (character) => `character-${String(character.id)}` },
    items: {
      name: { column: 'name' },
      function: idOf('functionId', characterFunctions, 'function'),
      gender: idOf('genderId', characterGenders, 'gender'),
      ages: { ids: { ids: characterAgeLinks, from: 'characterId', to: 'ageId' }, references: { table: characterAges, label: 'age' } },
      country: idOf('countryId', countries, 'country'),
      topology: idOf('topologyId', characterTopologies, 'topology'),
      characterisations: { column: 'characterisations', default: {} },
      issues: { column: 'issues', default: {} },
      evolutions: { column: 'evolutions', default: {} },
    },
  }),
  // The stars of each rating type, `{ quality: 3 }`: a row each in book_ratings.
  ratings: rowList({
    rows: bookRatings,
    owner: 'bookId',
    items: { type: { column: 'type' }, rate: { column: 'rate' } },
    keyed: { key: 'type', value: 'rate' },
  }),
  version: { column: 'version', returned: 'record', writtenBy: 'the version lock: a save at another version is refused', history: false },
  withNotification: { computed: "a save option: notify the sheet's followers (docs/notifications.md)", writable: true, returned: 'never' },
  status: readOnly('book_statuses: { id, label }', ID_LABEL),
  rights_status: readOnly('rights_statuses: { id, label }', ID_LABEL),
  rights_status_updated_at: readOnly('when the rights status last changed', nullable(DATE_TIME)),
  company: readOnly('companies: { id, name } of company_id', nullable(objectOf({ id: INTEGER, name: nullable(STRING) }))),
  requestList: readOnly('requests (demands) on the sheet, as GET admin/demands answers them'),
  // Its documents, its cover and its video: stored files of book_files, each list its type (server/engine/fileLists.ts).
  documentList: fileList(BOOK_FILE_TYPES.file, 'documentList[]', 'document'),
  coverList: fileList(BOOK_FILE_TYPES.cover, 'cover_file[]', 'cover', true),
  videoList: fileList(BOOK_FILE_TYPES.video, 'video_file[]', 'video', true),
  manuscript: {
    ...readOnly(
      'the stored manuscript (a new one arrives as the manuscript file)',
      nullable(objectOf({ name: nullable(STRING), full_path: STRING, size: nullable(INTEGER), uploaded_at: nullable(DATE_TIME) })),
    ),
    history: 'files',
  },
  is_ai_generation_running: readOnly('an AI draft is being generated', BOOLEAN),
  has_ai_results: readOnly('an AI draft is ready', BOOLEAN),
  ai_generation_error: readOnly("the last generation's error", nullable(STRING)),
  created_at: readOnly('ISO 8601, UTC', DATE_TIME),
  updated_at: readOnly('ISO 8601, UTC', DATE_TIME),
} as const satisfies Record<string, FieldDeclaration>;

/** The reading sheet as the one engine serves it (its store: server/sheets/sheetStore.ts): its record's fields; its list is `readingSheetList`. */
export const readingSheetRecord = {
  api: SHEET_RESOURCE,
  label: 'Reading sheet',
  screen: 'reading-sheets',
  wholeSave: true,
  fields: READING_SHEET_FIELDS,
  filters: SHEET_FILTERS,
} as const satisfies ResourceSurface;

/** Form fields of the sheet that are save options, never stored as such nor returned (`returned: 'never'`). */
export const SHEET_SAVE_OPTIONS: readonly string[] = Object.entries(READING_SHEET_FIELDS as Readonly<Record<string, FieldDeclaration>>).flatMap(
  ([name, field]) => (field.returned === 'never' ? [name] : []),
);

/** JSON Schema of the query of `GET admin/books`: paging, the declared filters (`SHEET_FILTERS`), and the sort. */
export const sheetListQuerySchema = listQuerySchema(bookFacets, SHEET_FILTERS, {
  sort: { type: 'string', enum: SHEET_SORTS },
  direction: { type: 'string', enum: ['asc', 'desc'] },
  // Keyset paging: a `meta.next_cursor` / `meta.prev_cursor` of an earlier answer (server/sheets/sheetListCursor.ts);
  // room for a title sort's cursor holding a 1,000-character title in any script.
  after: { type: 'string', minLength: 1, maxLength: 6000, pattern: '^[A-Za-z0-9_-]+$' },
  before: { type: 'string', minLength: 1, maxLength: 6000, pattern: '^[A-Za-z0-9_-]+$' },
});
