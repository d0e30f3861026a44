import { asc, eq, ne } from 'drizzle-orm';
import { aiBooks, authors, bookAuthors, books, characters, companies } from '../../schema/index.js';
import type { DemoBook } from './catalogue.js';
import type { DemoContext } from './context.js';

/** The demo's failed generation, as the provider's refusal is reported on a sheet. */
export const DEMO_AI_ERROR = 'Anthropic is busy (too many requests) (429): 429 rate_limit_error: Number of request tokens has exceeded your per-minute rate limit.';

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
    title: ready.originalTitle,
    pitch: 'A small town keeps a secret for forty years, until a newcomer reads the wrong letter.',
    publicComment: 'A page-turner with the texture of a family saga: precise, warm and cruel at once.',
    newsletterComment: 'The secret of a small town, told by the one who should never have found it.',
    summary: 'A young archivist inherits the letters of a village postmistress and discovers who hid the truth about a drowning.',
    report: 'Strong premise, memorable heroine, an ending that lands. The middle part needs tightening for a feature; ideal as a six-part series.',
    detailedSummary: 'Part one: the inheritance. Part two: the letters. Part three: the trial of memory.',
    keyMoments: 'The first letter.\nThe storm night.\nThe confession at the wedding.',
    arena: 'A fishing village, seen through its post office.',
    promise: 'A mystery solved through ordinary lives.',
    message: 'Silence is also a decision.',
    tone: 'Melancholic, tense, with dry humour.',
    pointOfView: 'First person, the archivist.',
    narrativeStructure: 'Two timelines: today and forty years ago.',
    strongPoints: 'Heroine, setting, twists that rest on character.',
    weakPoints: 'A slow second act.',
    bookReferences: 'Kate Atkinson, Tana French',
    movieReferences: 'Broadchurch, The Secret in Their Eyes',
    criteria: {
      genres,
      primary_genre: genres[0] ?? null,
      thematics,
      time_id: ref.times[0]?.id ?? null,
      adaptation_formats: adaptationFormats,
      adaptation_kinds: adaptationKinds,
    },
    characters: [
      { name: 'Lena', characterisation: 'An archivist who reads too much between the lines.', issue: 'Tell the truth or keep the village.', evolution: 'From witness to actor.' },
      ...(hero ? [{ name: hero.name, characterisation: 'The postmistress who kept every letter, and every secret in them.', issue: 'Protect the village or her own name.' }] : []),
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
    rawAnswer: JSON.stringify({ title: draft.title, pitch: draft.pitch }),
    inputTokens: 6120,
    outputTokens: 1480,
    durationMs: 41_250,
    corrections: ['criteria.genres: unknown id 999 dropped'],
  });
  await db.update(books).set({ hasAiResults: true }).where(eq(books.id, ready.id));
  await db.update(books).set({ aiGenerationError: DEMO_AI_ERROR }).where(eq(books.id, failed.id));
}
