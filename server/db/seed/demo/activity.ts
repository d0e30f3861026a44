import { and, asc, eq, inArray } from 'drizzle-orm';
import { searchNormal } from '../../../../common/locales.js';
import {
  bookGenres,
  bookViews,
  demands,
  news,
  NEWS_TYPES,
  REPORTER_TEXT_TYPES,
  reporterBooks,
  reporters,
  reporterTexts,
  reporterUserRoles,
  reporterUsers,
} from '../../schema/index.js';
import type { DemoBook } from './catalogue.js';
import { addDays, insertRows, isoDate, maybe, type DemoContext } from './context.js';
import type { DemoUser } from './subscribers.js';
import { REPORTER_BLOCKS } from './vocabulary.js';

const DEMAND_COMMENTARIES = [
  'Rights already optioned in this territory.',
  'Reading copy sent by the publisher.',
  'The agent will answer next week.',
  'Not available for audiovisual adaptation.',
];

/**
 * Requests of subscribers on sheets: first every type in every status once, spread over the first
 * sheets and validated subscribers (so that the requests list, a sheet's table and a user's tab
 * show rows in every status on a first start), then `count` more at random. A status that requires
 * a commentary (4) always has one. The first part draws nothing from the random generator, so the
 * seeders after this one see the same sequence as before it existed.
 */
export async function seedDemands(ctx: DemoContext, catalogue: DemoBook[], subscribers: DemoUser[], count: number): Promise<void> {
  const { rng, ref, now } = ctx;
  const accepted = subscribers.filter((user) => user.isAccepted);
  const users = accepted.length > 0 ? accepted : subscribers;
  const showcaseSheets = catalogue.slice(0, 8);
  const everyCombination = ref.demandStatuses.flatMap((status, s) =>
    ref.demandTypes.map((demandTypeId, t) => {
      const i = s * ref.demandTypes.length + t;
      const demandDate = addDays(now, -i);
      return {
        userId: users[i % users.length]!.id,
        bookId: showcaseSheets[i % showcaseSheets.length]?.id ?? null,
        demandDate: isoDate(demandDate),
        demandEndDate: i % 2 === 0 ? isoDate(addDays(demandDate, 30)) : null,
        demandTypeId,
        demandStatusId: status.id,
        commentary: status.requiresCommentary || i % 3 === 0 ? DEMAND_COMMENTARIES[i % DEMAND_COMMENTARIES.length]! : null,
        createdAt: demandDate,
        updatedAt: demandDate,
      };
    }),
  );
  const random = Array.from({ length: count }, () => {
    const status = rng.helpers.arrayElement(ref.demandStatuses);
    const demandDate = rng.date.between({ from: addDays(now, -120), to: now });
    return {
      userId: rng.helpers.arrayElement(users).id,
      bookId: maybe(rng, catalogue)?.id ?? null,
      demandDate: isoDate(demandDate),
      demandEndDate: rng.datatype.boolean(0.5) ? isoDate(addDays(demandDate, 30)) : null,
      demandTypeId: rng.helpers.arrayElement(ref.demandTypes),
      demandStatusId: status.id,
      commentary: status.requiresCommentary || rng.datatype.boolean(0.3) ? rng.helpers.arrayElement(DEMAND_COMMENTARIES) : null,
      createdAt: demandDate,
      updatedAt: demandDate,
    };
  });
  await insertRows(ctx.db, demands, [...everyCombination, ...random]);
}

/** The demo reporters, one per status in status order, the last one a fresh draft with no books. */
const DEMO_REPORTERS = [
  { title: 'Screen rights alert', days: 7 },
  { title: 'Winter thrillers', days: 30 },
  { title: 'Autumn selection', days: -20 },
  { title: 'Summer reads', days: -150 },
] as const;
const FRESH_DRAFT = { title: 'Festival picks', days: 60 };

/** Books per genre a reporter's booklist takes, and genres per booklist. */
const BOOKS_PER_GENRE = 2;
const GENRES_PER_BOOKLIST = 3;

/**
 * Reporters in every status, targeting subscribers (the first one by several) and user groups,
 * with blocks in the four categories in English and French (two alerts in the first one) and
 * booklists spanning three primary genres each; then a fresh draft with English blocks only,
 * no target and no books (the booklist's 'No data'). Draws nothing from the random generator.
 */
export async function seedReporters(ctx: DemoContext, catalogue: DemoBook[], subscribers: DemoUser[]): Promise<void> {
  const { db, ref, now } = ctx;
  const statuses = [...ref.reporterStatuses].sort((a, b) => a - b);
  const planned = [
    ...DEMO_REPORTERS.map((plan, i) => ({ ...plan, statusId: statuses[i % statuses.length] ?? 1 })),
    { ...FRESH_DRAFT, statusId: statuses[0] ?? 1 },
  ];
  const created = await db
    .insert(reporters)
    .values(
      planned.map(({ title, days, statusId }) => ({
        title,
        date: isoDate(addDays(now, days)),
        reporterStatusId: statusId,
        lang: 'en',
        searchText: searchNormal(title),
      })),
    )
    .returning({ id: reporters.id });
  const byGenre = await catalogueByPrimaryGenre(ctx, catalogue);
  for (const [i, { id: reporterId }] of created.entries()) {
    const fresh = i === created.length - 1;
    const targeted = fresh ? [] : [...new Set([subscribers[0], ...subscribers.slice(2 + i * 2, 4 + i * 2)])].filter((user) => user !== undefined);
    await insertRows(
      db,
      reporterUsers,
      targeted.map((user) => ({ reporterId, userId: user.id })),
    );
    const groups = fresh ? [] : [...new Set([ref.plans[i % ref.plans.length], ...(i % 2 === 0 ? [ref.plans[(i + 1) % ref.plans.length]] : [])])];
    await insertRows(
      db,
      reporterUserRoles,
      groups.filter((plan) => plan !== undefined).map((plan) => ({ reporterId, planId: plan.id })),
    );
    const languages = fresh ? (['en'] as const) : (['en', 'fr'] as const);
    const blocks = REPORTER_TEXT_TYPES.flatMap((textType) =>
      languages.flatMap((lang) =>
        REPORTER_BLOCKS[textType].filter((_, n) => n === 0 || (i === 0 && textType === 'alerts')).map((phrase) => ({ textType, lang, text: phrase[lang] })),
      ),
    );
    await insertRows(
      db,
      reporterTexts,
      blocks.map((block, position) => ({ reporterId, ...block, position })),
    );
    const books = fresh ? [] : byGenre.slice(i, i + GENRES_PER_BOOKLIST).flatMap((ids) => ids.slice(0, BOOKS_PER_GENRE));
    await insertRows(
      db,
      reporterBooks,
      books.map((bookId, position) => ({ reporterId, bookId, position })),
    );
  }
}

/** The catalogue's books grouped by primary genre (genres by id, books by id); books without one left out. */
async function catalogueByPrimaryGenre(ctx: DemoContext, catalogue: DemoBook[]): Promise<number[][]> {
  const ids = catalogue.map((book) => book.id);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ bookId: bookGenres.bookId, genreId: bookGenres.genreId })
    .from(bookGenres)
    .where(and(eq(bookGenres.isPrimary, true), inArray(bookGenres.bookId, ids)))
    .orderBy(asc(bookGenres.genreId), asc(bookGenres.bookId));
  const groups = new Map<number, number[]>();
  for (const row of rows) groups.set(row.genreId, [...(groups.get(row.genreId) ?? []), row.bookId]);
  return [...groups.values()];
}

/** Two news items linking to YouTube videos (image news need a stored file, which demo data has not). */
export async function seedNews(ctx: DemoContext): Promise<void> {
  const items = [
    { title: 'Our scouts at the Frankfurt Book Fair', text: 'Highlights of the <strong>Frankfurter Buchmesse</strong>: twelve new sheets and three auctions.' },
    { title: 'How we rate a book', text: 'The eight ratings of a reading sheet, from <em>Literary quality</em> to <em>Commercial</em>, explained.' },
  ];
  await insertRows(
    ctx.db,
    news,
    items.map(({ title, text }, index) => ({
      title,
      description: `<p>${text}</p>`,
      type: NEWS_TYPES.youtube,
      link: `https://www.youtube.com/watch?v=${ctx.rng.string.alphanumeric(11)}`,
      searchText: searchNormal(title),
      createdAt: addDays(ctx.now, -10 * (index + 1)),
    })),
  );
}

/** Sheet views over the last 90 days (the dashboard's longest period), a few sheets far more viewed than the rest. */
export async function seedBookViews(ctx: DemoContext, catalogue: DemoBook[], subscribers: DemoUser[], count: number): Promise<void> {
  const { rng, now } = ctx;
  if (catalogue.length === 0) return;
  const weighted = catalogue.map((book, index) => ({ value: book, weight: index < 5 ? 10 : 1 }));
  const rows = Array.from({ length: count }, () => ({
    bookId: rng.helpers.weightedArrayElement(weighted).id,
    userId: maybe(rng, subscribers)?.id ?? null,
    viewedAt: rng.date.between({ from: addDays(now, -90), to: now }),
  }));
  await insertRows(ctx.db, bookViews, rows);
}
