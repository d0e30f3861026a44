import { searchNormal } from '../../../../common/locales.js';
import {
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
import { addDays, insertRows, isoDate, maybe, some, type DemoContext } from './context.js';
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

/** Two reporters: one published, one in preparation, each with users, groups, texts and books. */
export async function seedReporters(ctx: DemoContext, catalogue: DemoBook[], subscribers: DemoUser[]): Promise<void> {
  const { db, rng, ref, now } = ctx;
  const statuses = ref.reporterStatuses;
  const plans = [
    { title: 'Autumn selection', date: isoDate(addDays(now, -20)), reporterStatusId: statuses.at(-1) ?? 1 },
    { title: 'Screen rights alert', date: isoDate(addDays(now, 7)), reporterStatusId: statuses.includes(1) ? 1 : (statuses[0] ?? 1) },
  ];
  const created = await db
    .insert(reporters)
    .values(plans.map((plan) => ({ ...plan, lang: 'en', searchText: searchNormal(plan.title) })))
    .returning({ id: reporters.id });
  for (const { id: reporterId } of created) {
    await insertRows(db, reporterUsers, some(rng, subscribers, 3, 5).map((user) => ({ reporterId, userId: user.id })));
    await insertRows(db, reporterUserRoles, some(rng, ref.plans, 1, 2).map((plan) => ({ reporterId, planId: plan.id })));
    await insertRows(
      db,
      reporterTexts,
      REPORTER_TEXT_TYPES.flatMap((textType) =>
        (['en', 'fr'] as const).map((lang) => ({ reporterId, textType, lang, text: REPORTER_BLOCKS[textType][lang] })),
      ),
    );
    await insertRows(db, reporterBooks, some(rng, catalogue, 4, 6).map((book, position) => ({ reporterId, bookId: book.id, position })));
  }
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

/** Sheet views over the last two months, a few sheets far more viewed than the rest. */
export async function seedBookViews(ctx: DemoContext, catalogue: DemoBook[], subscribers: DemoUser[], count: number): Promise<void> {
  const { rng, now } = ctx;
  if (catalogue.length === 0) return;
  const weighted = catalogue.map((book, index) => ({ value: book, weight: index < 5 ? 10 : 1 }));
  const rows = Array.from({ length: count }, () => ({
    bookId: rng.helpers.weightedArrayElement(weighted).id,
    userId: maybe(rng, subscribers)?.id ?? null,
    viewedAt: rng.date.between({ from: addDays(now, -60), to: now }),
  }));
  await insertRows(ctx.db, bookViews, rows);
}
