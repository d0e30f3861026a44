import { asc, eq, getTableColumns, ne } from 'drizzle-orm';
import { AI_DRAFT_ASKS, AI_DRAFT_TEXT_TARGETS, type AiDraftTextField, type AiDraftTexts } from '../../../../common/aiDraft.js';
import type { Translations } from '../../../../common/locales.js';
import { AI_CALL_MESSAGES } from '../../../ai/aiCompletion.js';
import { aiBooks, authors, bookAuthors, books, characters, companies } from '../../schema/index.js';
import type { DemoBook } from './catalogue.js';
import type { DemoContext } from './context.js';

/** The demo's failed generation, as a provider's rate limit is reported on a sheet. */
export const DEMO_AI_ERROR = AI_CALL_MESSAGES.busy;

/**
 * The demo draft's texts, one for every map the AI drafts (common/aiDraft.ts), in English: the
 * sheet's own English text where it has one (the comparison shows it as already held), else a
 * line saying what an AI would write there (its `ask`), which staff can transfer.
 */
async function demoTexts(ctx: DemoContext, bookId: number): Promise<AiDraftTexts> {
  const [sheet] = await ctx.db.select().from(books).where(eq(books.id, bookId));
  const property = new Map(Object.entries(getTableColumns(books)).map(([name, column]) => [column.name, name]));
  const texts = (Object.entries(AI_DRAFT_TEXT_TARGETS) as [AiDraftTextField, string][]).map(([field, map]) => {
    const held = (sheet?.[property.get(map) as keyof typeof sheet] as Translations | undefined)?.en?.trim();
    const what = AI_DRAFT_ASKS[field].replace(/^string( or null)?:?\s*/, '') || field.replace(/_/g, ' ');
    return [field, held || `${what.charAt(0).toUpperCase()}${what.slice(1)} (a demo text: no AI wrote this draft).`] as const;
  });
  return Object.fromEntries(texts);
}

/**
 * AI drafts for a first start without any AI key: the first sheet has a ready draft (English, from
 * its report), so the comparison screen can be seen, and the second a failed generation, so the
 * editor's error can be. No random draws: the other demo rows stay as they were.
 */
export async function seedAiDrafts(ctx: DemoContext, catalogue: readonly DemoBook[]): Promise<void> {
  const [ready, failed] = catalogue;
  if (!ready || !failed) return;
  const { db, ref } = ctx;
  const pick = <T extends { id: number }>(list: readonly T[], count: number) => list.slice(0, count).map((entry) => entry.id);
  const genres = pick(ref.genres, 2);
  const thematics = pick(ref.thematics, 2);
  const adaptationFormats = pick(ref.adaptationFormats, 1);
  const adaptationKinds = pick(ref.adaptationKinds, 1);
  // Names the comparison matches with the directory: the sheet's own author (already on it) and
  // another publishing house than the sheet's (transferable); the sheet's hero, which the AI's
  // version of them replaces by default.
  const [sheet] = await db.select({ companyId: books.companyId }).from(books).where(eq(books.id, ready.id));
  const [author] = await db
    .select({ name: authors.name })
    .from(bookAuthors)
    .innerJoin(authors, eq(authors.id, bookAuthors.authorId))
    .where(eq(bookAuthors.bookId, ready.id))
    .orderBy(asc(authors.id))
    .limit(1);
  const [house] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(sheet?.companyId ? ne(companies.id, sheet.companyId) : undefined)
    .orderBy(asc(companies.id))
    .limit(1);
  const [hero] = await db.select({ name: characters.name }).from(characters).where(eq(characters.bookId, ready.id)).orderBy(asc(characters.id)).limit(1);
  const prompt = `[demo] The report prompt of "${ready.originalTitle}", filled with the sheet and the reference lists.`;
  const draft = {
    author: author?.name ?? null,
    publishingHouseName: house?.name ?? null,
    texts: await demoTexts(ctx, ready.id),
    criteria: {
      genres,
      primary_genre: genres[0] ?? null,
      thematics,
      time_id: ref.times[0]?.id ?? null,
      adaptation_formats: adaptationFormats,
      adaptation_kinds: adaptationKinds,
    },
    characters: [
      {
        name: 'Lena',
        characterisation: 'An archivist who reads too much between the lines.',
        issue: 'Tell the truth or keep the village.',
        evolution: 'From witness to actor.',
      },
      ...(hero
        ? [
            {
              name: hero.name,
              characterisation: 'The postmistress who kept every letter, and every secret in them.',
              issue: 'Protect the village or her own name.',
            },
          ]
        : []),
    ],
    ratings: { quality: 3, concept: 4, plot: 3, characters: 4, coherence: 3, emotions: 3, dialogues: 2 },
    ratingsJustifications: { concept: 'A secret carried by letters is instantly visual.', dialogues: 'Often written as reported speech.' },
    justifications: {
      genres: genres.map((id) => ({ id, justification: 'The investigation drives the story.' })),
      thematics: thematics.map((id) => ({ id, justification: 'Central to the heroine’s choices.' })),
      adaptation_formats: adaptationFormats.map((id) => ({ id, justification: 'Two timelines suit episodes.' })),
      adaptation_kinds: adaptationKinds.map((id) => ({ id, justification: 'Its tension holds an audience.' })),
    },
  };
  await db.insert(aiBooks).values({
    ...draft,
    bookId: ready.id,
    locale: 'en',
    model: 'claude-sonnet-5-5',
    generateFrom: 'report',
    prompt,
    rawAnswer: JSON.stringify({ author: draft.author, publishing_house_name: draft.publishingHouseName, ...draft.texts }),
    inputTokens: 6120,
    outputTokens: 1480,
    durationMs: 41_250,
    corrections: ['criteria.genres: unknown id 999 dropped'],
  });
  await db.update(books).set({ hasAiResults: true }).where(eq(books.id, ready.id));
  await db.update(books).set({ aiGenerationError: DEMO_AI_ERROR }).where(eq(books.id, failed.id));
}
