import type { FastifyBaseLogger } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import { sheetExists } from '../db/repositories/bookReadRepository.js';
import { bookWriteRepository, type BookWriteRepository, type NewFileRow } from '../db/repositories/bookWriteRepository.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  audiences,
  authors,
  authorTypes,
  BOOK_FILE_TYPES,
  BOOK_TRANSLATIONS,
  bookSearchText,
  bookStatuses,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  companies,
  contacts,
  countries,
  formats,
  genres,
  languages,
  literaryPrizes,
  periods,
  rightsStatuses,
  thematics,
  times,
  type NewBook,
} from '../db/schema/index.js';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.js';
import type { Storage } from '../storage/Storage.js';
import { FILE_RULES } from '../uploads/fileRules.js';
import { discardUploads, type UploadedFile } from '../uploads/receiveUploads.js';
import { CRITERIA_KEYS, ratingsOf, validateSheetInput, type SheetInput } from './bookSaveInput.js';
import type { SheetSavedEvent, SheetSaveHooks } from './bookSaveEvents.js';
import { getSheet, SHEET_NOT_FOUND, type SheetApi } from './bookReadService.js';
import { parseId, RESOURCE_MESSAGES } from './resourceService.js';

/** The multipart file fields of a save and their upload rules (common/fileRules.ts). */
export const SHEET_FILE_FIELDS = {
  'documentList[]': 'document',
  'cover_file[]': 'cover',
  'video_file[]': 'video',
  manuscript: 'manuscript',
} as const;

/** Storage folder of every file of a sheet: `books/<yyyy>/<mm>/<uuid>.<ext>`. */
export const SHEET_FILE_FOLDER = 'books';

/** The 409 of a save based on an older version of the sheet. */
export const STALE_SHEET_MESSAGE = 'This reading sheet was changed by someone else since you opened it. Reload it to see their changes.';

export const SHEET_MESSAGES = {
  created: RESOURCE_MESSAGES.created,
  updated: RESOURCE_MESSAGES.updated,
  fileDeleted: 'File deleted successfully',
  manuscriptDeleted: 'Manuscript deleted successfully',
} as const;

export interface SaveRequest {
  /** The path id; undefined creates. */
  rawId: string | undefined;
  /** The parsed body (multipart, through parseMultipartForm, or JSON, through normalizeJsonForm). */
  input: unknown;
  /** Files `receiveUploads` stored for this request; the save owns them (discarded on failure). */
  files: readonly UploadedFile[];
  /** Maps a dotted error key back to the names the client sent (sparse multipart indexes). */
  sentKey?: (key: string) => string;
  administratorId?: number | null;
}

export interface SaveResult {
  message: string;
  data: SheetApi;
  withNotification: 0 | 1;
}

export interface BookSaveServiceOptions {
  db: Db;
  storage: Storage;
  log?: FastifyBaseLogger;
  hooks?: SheetSaveHooks;
  /** The write steps; tests replace one to fail a save midway. */
  repository?: BookWriteRepository;
}

/** One reference a sheet makes: the error key, the id, and what it points at. */
interface Reference {
  key: string;
  id: number;
  table: PgTable;
  column: PgColumn;
  label: string;
}

const CRITERIA_REFERENCES = {
  periods: { table: periods, column: periods.id, label: 'period' },
  places: { table: countries, column: countries.id, label: 'place' },
  thematics: { table: thematics, column: thematics.id, label: 'thematic' },
  audiences: { table: audiences, column: audiences.id, label: 'audience' },
  categories: { table: categories, column: categories.id, label: 'category' },
  adaptation_formats: { table: adaptationFormats, column: adaptationFormats.id, label: 'adaptation format' },
  adaptation_kinds: { table: adaptationKinds, column: adaptationKinds.id, label: 'adaptation genre' },
  literary_prizes: { table: literaryPrizes, column: literaryPrizes.id, label: 'literary prize' },
} as const;

const SCALAR_REFERENCES = {
  original_country_id: { table: countries, column: countries.id, label: 'original country' },
  language_id: { table: languages, column: languages.id, label: 'language' },
  status_id: { table: bookStatuses, column: bookStatuses.id, label: 'status' },
  rights_status_id: { table: rightsStatuses, column: rightsStatuses.id, label: 'rights status' },
  time_id: { table: times, column: times.id, label: 'time' },
  format_id: { table: formats, column: formats.id, label: 'format' },
  company_id: { table: companies, column: companies.id, label: 'publishing house' },
  adaptation_budget_id: { table: adaptationBudgets, column: adaptationBudgets.id, label: 'adaptation budget' },
} as const;

/** Every id a sheet refers to, with the dotted key an unknown one is reported on. */
function referencesOf(sheet: SheetInput): Reference[] {
  const refs: Reference[] = [];
  const add = (key: string, id: number | undefined, target: { table: PgTable; column: PgColumn; label: string }) => {
    if (id !== undefined) refs.push({ key, id, ...target });
  };
  for (const [key, target] of Object.entries(SCALAR_REFERENCES)) add(key, sheet[key as keyof typeof SCALAR_REFERENCES], target);
  sheet.genres?.forEach((id, i) => add(`genres.${i}`, id, { table: genres, column: genres.id, label: 'genre' }));
  for (const key of CRITERIA_KEYS) sheet[key]?.forEach((id, i) => add(`${key}.${i}`, id, CRITERIA_REFERENCES[key]));
  sheet.authorList?.forEach((author, i) => {
    add(`authorList.${i}.id`, author.id, { table: authors, column: authors.id, label: 'author' });
    add(`authorList.${i}.type`, author.type, { table: authorTypes, column: authorTypes.id, label: 'author type' });
  });
  sheet.contactList?.forEach((contact, i) => add(`contactList.${i}.id`, contact.id, { table: contacts, column: contacts.id, label: 'contact' }));
  sheet.sourceList?.forEach((source, i) => add(`sourceList.${i}.id`, source.id, { table: contacts, column: contacts.id, label: 'contact' }));
  sheet.characters?.forEach((character, i) => {
    add(`characters.${i}.function`, character.function, { table: characterFunctions, column: characterFunctions.id, label: 'function' });
    add(`characters.${i}.gender`, character.gender, { table: characterGenders, column: characterGenders.id, label: 'gender' });
    add(`characters.${i}.country`, character.country, { table: countries, column: countries.id, label: 'country' });
    add(`characters.${i}.topology`, character.topology, { table: characterTopologies, column: characterTopologies.id, label: 'topology' });
    character.ages?.forEach((id, j) => add(`characters.${i}.ages.${j}`, id, { table: characterAges, column: characterAges.id, label: 'age' }));
  });
  return refs;
}

/** The new files of a save, by role. */
function filesByRole(files: readonly UploadedFile[]) {
  const of = (field: keyof typeof SHEET_FILE_FIELDS) => files.filter((file) => file.field === field);
  return { documents: of('documentList[]'), cover: of('cover_file[]')[0], video: of('video_file[]')[0], manuscript: of('manuscript')[0] };
}

const fileRow = (type: NewFileRow['type'], file: UploadedFile): NewFileRow => ({ type, originalName: file.originalName, storedName: file.key, size: file.size, mime: file.mime });

/** Reads, saves and deletes files of reading sheets (routes: server/routes/bookSave.ts). */
export function createBookSaveService({ db, storage, log, hooks = {}, repository = bookWriteRepository }: BookSaveServiceOptions) {
  const repo = repository;

  /** Removes stored files after a commit; a failure leaves an orphan file (logged), never a broken sheet. */
  async function removeStored(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') log?.warn({ err: result.reason, key: keys[i] }, 'could not remove a replaced reading-sheet file');
    });
  }

  /** Every referenced id that does not exist, as field errors. */
  async function unknownReferences(tx: Db, sheet: SheetInput): Promise<FieldErrors> {
    const refs = referencesOf(sheet);
    const byTable = new Map<PgTable, Reference[]>();
    for (const ref of refs) (byTable.get(ref.table) ?? byTable.set(ref.table, []).get(ref.table)!).push(ref);
    const errors: FieldErrors = {};
    for (const [table, tableRefs] of byTable) {
      const found = await repo.existingIds(tx, table, tableRefs[0]!.column, tableRefs.map((ref) => ref.id));
      for (const ref of tableRefs) if (!found.has(ref.id)) errors[ref.key] = [`The selected ${ref.label} does not exist.`];
    }
    return errors;
  }

  /** Series items and characters sent with an id must be this sheet's, each once. */
  async function foreignChildren(tx: Db, bookId: number | undefined, sheet: SheetInput): Promise<FieldErrors> {
    const owned = bookId === undefined ? { series: new Set<number>(), characters: new Set<number>() } : await repo.childIds(tx, bookId);
    const errors: FieldErrors = {};
    const check = (list: readonly { id?: number }[] | undefined, ids: Set<number>, key: string, what: string) => {
      const seen = new Set<number>();
      list?.forEach((item, i) => {
        if (item.id === undefined) return;
        if (!ids.has(item.id)) errors[`${key}.${i}.id`] = [`This ${what} is not on this reading sheet.`];
        else if (seen.has(item.id)) errors[`${key}.${i}.id`] = [`This ${what} is listed twice.`];
        seen.add(item.id);
      });
    };
    check(sheet.seriesList, owned.series, 'seriesList', 'series item');
    check(sheet.characters, owned.characters, 'characters', 'character');
    return errors;
  }

  /** The book columns of a valid sheet (the manuscript and version are handled apart). */
  function columnsOf(sheet: SheetInput, authorNames: readonly string[], now: Date): Omit<NewBook, 'statusId' | 'rightsStatusId'> {
    const translations = Object.fromEntries(Object.entries(BOOK_TRANSLATIONS).map(([property, key]) => [property, sheet[key] ?? {}]));
    return {
      originalTitle: sheet.original_title,
      originalCountryId: sheet.original_country_id ?? null,
      languageId: sheet.language_id ?? null,
      timeId: sheet.time_id ?? null,
      formatId: sheet.format_id ?? null,
      companyId: sheet.company_id ?? null,
      adaptationBudgetId: sheet.adaptation_budget_id ?? null,
      publicationDate: sheet.publication_date ? `${sheet.publication_date}-01` : null,
      nbPages: sheet.nb_pages ?? null,
      universal: sheet.universal === 1,
      manuscriptConfidential: sheet.manuscript_confidential === 1,
      serie: sheet.serie === 1,
      privateComment: sheet.private_comment ?? null,
      ...translations,
      searchText: bookSearchText(sheet.original_title, sheet.titles ?? {}, authorNames),
      updatedAt: now,
    };
  }

  /** The one transaction of a save; returns the saved id, its new version and the storage keys it replaced. */
  async function write(id: number | undefined, sheet: SheetInput, files: readonly UploadedFile[], administratorId: number | null) {
    const replaced: string[] = [];
    const uploads = filesByRole(files);
    const result = await db.transaction(async (tx) => {
      const locked = id === undefined ? undefined : await repo.lockSheet(tx, id);
      if (id !== undefined && !locked) throw notFound(SHEET_NOT_FOUND);
      if (locked && locked.version !== sheet.version) throw conflict(STALE_SHEET_MESSAGE);

      const errors: FieldErrors = { ...(await unknownReferences(tx, sheet)), ...(await foreignChildren(tx, id, sheet)) };
      if (uploads.documents.length > 0) {
        const stored = id === undefined ? 0 : await repo.countFiles(tx, id, BOOK_FILE_TYPES.file);
        if (stored + uploads.documents.length > FILE_RULES.document.maxFiles) errors.documentList = [FILE_RULES.document.maxFilesMessage];
      }
      if (Object.keys(errors).length > 0) throw unprocessable(errors);

      const now = new Date();
      const authorIds = sheet.authorList?.map((author) => author.id) ?? [];
      const names = await repo.authorNames(tx, authorIds);
      const columns: Partial<NewBook> = columnsOf(sheet, authorIds.map((authorId) => names.get(authorId) ?? ''), now);
      if (uploads.manuscript) {
        Object.assign(columns, {
          manuscriptOriginalName: uploads.manuscript.originalName,
          manuscriptStoredName: uploads.manuscript.key,
          manuscriptSize: uploads.manuscript.size,
          manuscriptMime: uploads.manuscript.mime,
          manuscriptUploadedAt: now,
        });
        if (locked?.manuscriptStoredName) replaced.push(locked.manuscriptStoredName);
      }

      let bookId: number;
      let version: number;
      if (locked) {
        if (sheet.status_id !== undefined) columns.statusId = sheet.status_id;
        if (sheet.rights_status_id !== undefined && sheet.rights_status_id !== locked.rightsStatusId) {
          columns.rightsStatusId = sheet.rights_status_id;
          columns.rightsStatusUpdatedAt = now;
        }
        if (!(await repo.updateSheet(tx, locked.id, locked.version, columns))) throw conflict(STALE_SHEET_MESSAGE);
        bookId = locked.id;
        version = locked.version + 1;
      } else {
        bookId = await repo.insertSheet(tx, {
          ...(columns as NewBook),
          statusId: sheet.status_id ?? 1,
          rightsStatusId: sheet.rights_status_id ?? 4,
          rightsStatusUpdatedAt: now,
          createdAt: now,
        });
        version = 1;
      }

      const criteria = Object.fromEntries(CRITERIA_KEYS.map((key) => [key, sheet[key] ?? []])) as Record<(typeof CRITERIA_KEYS)[number], number[]>;
      await repo.replaceCriteria(tx, bookId, sheet.genres ?? [], sheet.primary_genre, criteria);
      await repo.replaceAuthors(tx, bookId, sheet.authorList?.map((author) => ({ id: author.id, type: author.type ?? 1 })) ?? []);
      await repo.replaceContacts(tx, bookId, sheet.contactList?.map((contact) => ({ id: contact.id, audiovisualLaw: contact.audiovisual_law === 1 })) ?? []);
      await repo.replaceSources(
        tx,
        bookId,
        sheet.sourceList?.map((source) => ({ contactId: source.id ?? null, other: source.other ?? null, date: source.date ?? null, mail: source.mail ?? null })) ?? [],
      );
      await repo.saveSeries(tx, bookId, sheet.seriesList?.map(({ id: itemId, name, number }) => ({ id: itemId, name, number })) ?? []);
      await repo.saveCharacters(
        tx,
        bookId,
        sheet.characters?.map((character) => ({
          id: character.id,
          name: character.name,
          functionId: character.function ?? null,
          genderId: character.gender ?? null,
          countryId: character.country ?? null,
          topologyId: character.topology ?? null,
          ageIds: character.ages ?? [],
          characterisations: character.characterisations ?? {},
          issues: character.issues ?? {},
          evolutions: character.evolutions ?? {},
        })) ?? [],
      );
      await repo.replaceRatings(tx, bookId, ratingsOf(sheet));

      const newFiles: NewFileRow[] = uploads.documents.map((file) => fileRow(BOOK_FILE_TYPES.file, file));
      if (uploads.cover) {
        if (locked) replaced.push(...(await repo.deleteFilesOfType(tx, bookId, BOOK_FILE_TYPES.cover)));
        newFiles.push(fileRow(BOOK_FILE_TYPES.cover, uploads.cover));
      }
      if (uploads.video) {
        if (locked) replaced.push(...(await repo.deleteFilesOfType(tx, bookId, BOOK_FILE_TYPES.video)));
        newFiles.push(fileRow(BOOK_FILE_TYPES.video, uploads.video));
      }
      await repo.addFiles(tx, bookId, newFiles);

      const event: SheetSavedEvent = { bookId, created: !locked, version, withNotification: sheet.withNotification === 1, administratorId };
      await hooks.inTransaction?.(tx, event);
      return event;
    });
    return { event: result, replaced };
  }

  return {
    /** `GET admin/books/{id}`. */
    get: (rawId: string) => getSheet(db, rawId),

    /** The id of an existing sheet, else 404 (checked before an update's body is read). */
    async existingId(rawId: string): Promise<number> {
      const id = parseId(rawId);
      if (id === undefined || !(await sheetExists(db, id))) throw notFound(SHEET_NOT_FOUND);
      return id;
    },

    /**
     * Creates or updates a sheet: validation (422), the stale-version check (409) and every write
     * in one transaction; replaced files are removed from storage after the commit. On any failure
     * the request's new files are removed, so storage and sheet are exactly as before.
     */
    async save({ rawId, input, files, sentKey = (key) => key, administratorId = null }: SaveRequest): Promise<SaveResult> {
      let saved: Awaited<ReturnType<typeof write>>;
      try {
        const id = rawId === undefined ? undefined : parseId(rawId);
        if (rawId !== undefined && id === undefined) throw notFound(SHEET_NOT_FOUND);
        const errors = validateSheetInput(input, id === undefined ? 'create' : 'update');
        if (errors) throw unprocessable(errors);
        saved = await write(id, input as SheetInput, files, administratorId);
      } catch (error) {
        await discardUploads(storage, files);
        throw withSentKeys(error, sentKey);
      }
      await removeStored(saved.replaced);
      try {
        await hooks.afterCommit?.(saved.event);
      } catch (error) {
        log?.error({ err: error, bookId: saved.event.bookId }, 'a reading-sheet after-save hook failed');
      }
      return {
        message: saved.event.created ? SHEET_MESSAGES.created : SHEET_MESSAGES.updated,
        data: await getSheet(db, saved.event.bookId),
        withNotification: saved.event.withNotification ? 1 : 0,
      };
    },

    /** `DELETE admin/utilities/book-files/{book}/{file}`: the record, then the stored file. */
    async deleteFile(rawBook: string, rawFile: string): Promise<{ message: string }> {
      const bookId = parseId(rawBook);
      const fileId = parseId(rawFile);
      if (bookId === undefined || !(await sheetExists(db, bookId))) throw notFound(SHEET_NOT_FOUND);
      const key = fileId === undefined
        ? undefined
        : await db.transaction(async (tx) => {
            const stored = await repo.deleteFile(tx, bookId, fileId);
            if (stored) await repo.touchSheet(tx, bookId);
            return stored;
          });
      if (!key) throw notFound('File');
      await removeStored([key]);
      return { message: SHEET_MESSAGES.fileDeleted };
    },

    /** `DELETE admin/utilities/book-manuscript/{book}`: the manuscript columns, then the stored file. */
    async deleteManuscript(rawBook: string): Promise<{ message: string }> {
      const bookId = parseId(rawBook);
      if (bookId === undefined || !(await sheetExists(db, bookId))) throw notFound(SHEET_NOT_FOUND);
      const key = await db.transaction((tx) => repo.clearManuscript(tx, bookId));
      if (!key) throw notFound('Manuscript');
      await removeStored([key]);
      return { message: SHEET_MESSAGES.manuscriptDeleted };
    },
  };
}
export type BookSaveService = ReturnType<typeof createBookSaveService>;

/** A 422's keys as the client sent them (sparse multipart indexes restored); other errors unchanged. */
function withSentKeys(error: unknown, sentKey: (key: string) => string): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([key, messages]) => [sentKey(key), messages]));
  return new HttpError(error.statusCode, error.message, errors, error.headers);
}
