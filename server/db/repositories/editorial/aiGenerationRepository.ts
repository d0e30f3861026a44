import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AI_DRAFT_TEXT_FIELDS, AI_DRAFT_TEXT_TARGETS, type AiDraftedMap, type AiDraftTextField } from '../../../../common/aiDraft.js';
import type { Translations } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import {
  adaptationBudgets,
  adaptationFormats,
  adaptationKinds,
  aiBooks,
  books,
  categories,
  characterAges,
  characterFunctions,
  characterGenders,
  characterTopologies,
  countries,
  formats,
  genres,
  literaryPrizes,
  periods,
  thematics,
  times,
} from '../../schema/index.js';
import { authorsOfSheets } from '../sheets/authorsOfSheets.js';

/** One entry of a reference list as a prompt offers it: its id, names and, for thematics, when to use it. */
export interface ReferenceEntry {
  id: number;
  names: Translations;
  parentId?: number | null;
  aiDescriptions?: Translations;
}

/** The reference lists of SPEC §2 'AI-prompt save screen' a prompt offers, by variable. */
export interface AiReferenceLists {
  genres: ReferenceEntry[];
  thematics: ReferenceEntry[];
  times: ReferenceEntry[];
  periods: ReferenceEntry[];
  categories: ReferenceEntry[];
  formats: ReferenceEntry[];
  literaryPrizes: ReferenceEntry[];
  characterFunctions: ReferenceEntry[];
  characterGenders: ReferenceEntry[];
  characterAges: ReferenceEntry[];
  characterTopologies: ReferenceEntry[];
  adaptationFormats: ReferenceEntry[];
  adaptationKinds: ReferenceEntry[];
  adaptationBudgets: ReferenceEntry[];
}

/** Every reference list a prompt offers, by id. */
export async function aiReferenceLists(db: Db): Promise<AiReferenceLists> {
  const named = (table: typeof categories) => db.select({ id: table.id, names: table.names }).from(table).orderBy(asc(table.id));
  const [genreRows, thematicRows, ...rest] = await Promise.all([
    db.select({ id: genres.id, names: genres.names, parentId: genres.parentId }).from(genres).orderBy(asc(genres.id)),
    db
      .select({ id: thematics.id, names: thematics.names, parentId: thematics.parentId, aiDescriptions: thematics.aiDescriptions })
      .from(thematics)
      .orderBy(asc(thematics.id)),
    named(times),
    named(periods),
    named(categories),
    named(formats),
    db.select({ id: literaryPrizes.id, names: literaryPrizes.names, label: literaryPrizes.label }).from(literaryPrizes).orderBy(asc(literaryPrizes.id)),
    named(characterFunctions),
    named(characterGenders),
    named(characterAges),
    named(characterTopologies),
    named(adaptationFormats),
    named(adaptationKinds),
    named(adaptationBudgets),
  ]);
  const [timeRows, periodRows, categoryRows, formatRows, prizeRows, functionRows, genderRows, ageRows, topologyRows, formatAdaptRows, kindRows, budgetRows] =
    rest as [
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      (ReferenceEntry & { label: string })[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
      ReferenceEntry[],
    ];
  return {
    genres: genreRows,
    thematics: thematicRows,
    times: timeRows,
    periods: periodRows,
    categories: categoryRows,
    formats: formatRows,
    // A prize without names in any language is still known by its label.
    literaryPrizes: prizeRows.map(({ id, names, label }) => ({ id, names: Object.keys(names ?? {}).length ? names : { en: label } })),
    characterFunctions: functionRows,
    characterGenders: genderRows,
    characterAges: ageRows,
    characterTopologies: topologyRows,
    adaptationFormats: formatAdaptRows,
    adaptationKinds: kindRows,
    adaptationBudgets: budgetRows,
  };
}

/**
 * What a prompt says of the sheet, as stored: its facts, and every map the AI drafts (common/aiDraft.ts,
 * the maps of the sheet's schema annotated `x-aiDraft`) by its API name (`titles`, `pitches`,
 * `public_comments`, `summaries` (the 'Report' on the editor), `report` (the 'Full report') …).
 */
export type SheetForPrompt = {
  id: number;
  originalTitle: string;
  authors: string[];
  originalCountry: Translations | null;
  privateComment: string | null;
  manuscriptStoredName: string | null;
  isAiGenerationRunning: boolean;
} & Readonly<Record<AiDraftedMap, Translations>>;

let draftedColumns: Record<string, PgColumn> | undefined;
/** The columns of `books` holding the drafted maps, by API name: a map of the sheet is stored in the column of its name. */
function draftedMapColumns(): Record<string, PgColumn> {
  if (draftedColumns) return draftedColumns;
  const byName = new Map(Object.values(getTableColumns(books) as Record<string, PgColumn>).map((column) => [column.name, column]));
  draftedColumns = Object.fromEntries(
    Object.values(AI_DRAFT_TEXT_TARGETS).map((map: string) => {
      const column = byName.get(map);
      if (!column) throw new Error(`reading-sheets.screen.json form.schema: ${map} is drafted by the AI (x-aiDraft), yet books has no column ${map}`);
      return [map, column];
    }),
  );
  return draftedColumns;
}

/** The sheet as a prompt reads it, or undefined when there is none. */
export async function sheetForPrompt(db: Db, bookId: number): Promise<SheetForPrompt | undefined> {
  const maps = draftedMapColumns();
  const [row] = await db
    .select({
      ...maps,
      id: books.id,
      originalTitle: books.originalTitle,
      originalCountry: countries.names,
      privateComment: books.privateComment,
      manuscriptStoredName: books.manuscriptStoredName,
      isAiGenerationRunning: books.isAiGenerationRunning,
    })
    .from(books)
    .leftJoin(countries, eq(countries.id, books.originalCountryId))
    .where(eq(books.id, bookId));
  if (!row) return undefined;
  const authors = (await authorsOfSheets(db, [bookId])).get(bookId) ?? [];
  // The maps' columns are jsonb `Translations` (sheetColumnFields checks the kind of every map of the schema).
  return { ...(row as typeof row & Record<AiDraftedMap, Translations>), authors: authors.map((author) => author.name) };
}

/**
 * Marks the sheet as generating, unless it already is: true when this call set the flag (the
 * generation may start), false when one is running. The previous error is cleared.
 */
export async function markGenerationRunning(db: Db, bookId: number): Promise<boolean> {
  const rows = await db
    .update(books)
    .set({ isAiGenerationRunning: true, aiGenerationError: null })
    .where(and(eq(books.id, bookId), eq(books.isAiGenerationRunning, false)))
    .returning({ id: books.id });
  return rows.length === 1;
}

/** The draft a generation stores: its columns, without id, sheet and timestamps. */
export type AiDraftRow = Omit<typeof aiBooks.$inferInsert, 'id' | 'bookId' | 'createdAt' | 'updatedAt'>;

/**
 * Ends a generation with its draft: the sheet's draft is replaced (one per sheet) and the sheet
 * says it has one, no longer running and without error; one transaction.
 */
export async function storeDraft(db: Db, bookId: number, draft: AiDraftRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(aiBooks)
      .values({ ...draft, bookId })
      .onConflictDoUpdate({ target: aiBooks.bookId, set: { ...draft, updatedAt: sql`now()` } });
    await tx.update(books).set({ isAiGenerationRunning: false, hasAiResults: true, aiGenerationError: null }).where(eq(books.id, bookId));
  });
}

/** Ends a generation with an error staff can read; an earlier draft stays. */
export async function failGeneration(db: Db, bookId: number, message: string): Promise<void> {
  await db.update(books).set({ isAiGenerationRunning: false, aiGenerationError: message }).where(eq(books.id, bookId));
}

/** The sheets marked as generating. */
export async function runningGenerations(db: Db): Promise<number[]> {
  return (await db.select({ id: books.id }).from(books).where(eq(books.isAiGenerationRunning, true))).map((row) => row.id);
}

/** Ends the generations of these sheets with the same error (their jobs are gone). */
export async function failGenerations(db: Db, bookIds: readonly number[], message: string): Promise<void> {
  if (bookIds.length === 0) return;
  await db
    .update(books)
    .set({ isAiGenerationRunning: false, aiGenerationError: message })
    .where(and(inArray(books.id, [...bookIds]), eq(books.isAiGenerationRunning, true)));
}

/** A stored draft with its texts as fields of their own (`title`, `pitch` …), null when empty: how the API answers it. */
export type StoredDraft = Omit<typeof aiBooks.$inferSelect, 'texts'> & Record<AiDraftTextField, string | null>;

/** The sheet's AI draft, its texts spread (a text of a map no longer drafted is left out), or undefined when none was made. */
export async function findDraft(db: Db, bookId: number): Promise<StoredDraft | undefined> {
  const [row] = await db.select().from(aiBooks).where(eq(aiBooks.bookId, bookId));
  if (!row) return undefined;
  const { texts, ...draft } = row;
  return { ...draft, ...(Object.fromEntries(AI_DRAFT_TEXT_FIELDS.map((field) => [field, texts[field] ?? null])) as Record<AiDraftTextField, string | null>) };
}
