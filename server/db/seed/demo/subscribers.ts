import { LOCALES, pickTranslation, searchNormal } from '../../../../common/locales.js';
import { asc } from 'drizzle-orm';
import {
  administrators,
  creditMovements,
  libraries,
  libraryBooks,
  savedSearches,
  subscriptions,
  userConnections,
  users,
  type SavedFilters,
  type FilterTexts,
  type RatingsFilter,
  RATING_TYPES,
} from '../../schema/index.js';
import { addDays, addMonths, insertRows, isoDate, maybe, some, type DemoContext } from './context.js';
import type { DemoBook } from './catalogue.js';
import { LOCALE_COUNTRY } from './directory.js';

export interface DemoUser {
  id: number;
  isAccepted: boolean;
}

const LIBRARY_NAMES = ['Favourites', 'To read', 'For the board', 'Thrillers', 'Options to renew', 'Christmas shortlist'];

/** A change of a demo balance; `byStaff` ones are made by the first administrator. */
type DemoMovement = { amount: number; reason: string; createdAt: Date; byStaff?: boolean };

/** A subscriber of the showcase: validation, then the current subscription's state, plan and provider link. */
interface Showcase {
  isAccepted: boolean;
  subscription?: { role: string; state: 'active' | 'canceled' | 'ended'; tied: boolean };
}

/**
 * The first subscribers, always the same, so that a first start shows every state of SPEC §4:
 * validated and unvalidated without a subscription, active tied to the card payment provider,
 * active not tied, canceled, ended. Each one with a subscription has a credit history (its plan's
 * credits, a request spent, a manual change), libraries and saved searches. The others are random.
 */
export const SHOWCASE: readonly Showcase[] = [
  { isAccepted: true },
  { isAccepted: false },
  { isAccepted: true, subscription: { role: 'premium', state: 'active', tied: true } },
  { isAccepted: true, subscription: { role: 'essential', state: 'active', tied: false } },
  { isAccepted: true, subscription: { role: 'vip', state: 'canceled', tied: false } },
  { isAccepted: true, subscription: { role: 'essential', state: 'ended', tied: false } },
];

/** Start, end and cancel dates of a showcase subscription, relative to `now`. */
function showcaseDates(state: 'active' | 'canceled' | 'ended', now: Date): { start: Date; end: Date; canceledAt: Date | null } {
  if (state === 'ended') return { start: addDays(now, -400), end: addDays(now, -35), canceledAt: null };
  if (state === 'canceled') return { start: addDays(now, -200), end: addDays(now, 165), canceledAt: addDays(now, -20) };
  return { start: addDays(now, -60), end: addDays(now, 305), canceledAt: null };
}

/** Subscribers with connections, subscriptions, credit history, libraries and saved searches. */
export async function seedSubscribers(ctx: DemoContext, catalogue: DemoBook[], count: number): Promise<DemoUser[]> {
  const { db, rng, ref, now } = ctx;
  const usedEmails = new Set<string>();

  const planned = Array.from({ length: count }, (_, index) => {
    const locale = rng.helpers.arrayElement(LOCALES);
    const faker = ctx.fakers[locale];
    const firstname = faker.person.firstName();
    const lastname = faker.person.lastName();
    let email = faker.internet.email({ firstName: firstname, lastName: lastname, provider: 'subscribers.example' }).toLowerCase();
    if (usedEmails.has(email)) email = email.replace('@', `.${index}@`);
    usedEmails.add(email);
    const company = faker.company.name();
    const country = LOCALE_COUNTRY[locale];
    const connections = Array.from({ length: rng.number.int({ min: 0, max: 25 }) }, () => rng.date.between({ from: addDays(now, -120), to: now })).sort(
      (a, b) => a.getTime() - b.getTime(),
    );

    const plan = rng.datatype.boolean(0.8) ? maybe(rng, ref.plans) : null;
    const drawn = rng.date.between({ from: addDays(now, -540), to: addDays(now, -10) });
    // A third start within the last 60 days, so the dashboard's new subscriptions show some at 30 days too (the same draws).
    const startDate = index % 3 === 0 ? new Date(now.getTime() - ((now.getTime() - drawn.getTime()) % (60 * 86_400_000))) : drawn;
    const subscription = plan
      ? {
          planId: plan.id,
          paid: plan.paid,
          commitment: plan.commitment,
          startDate: isoDate(startDate),
          subscriptionEndAt: addMonths(startDate, plan.commitment || 12),
          canceledAt: rng.datatype.boolean(0.15) ? rng.date.between({ from: startDate, to: now }) : null,
          providerSubscriptionId: rng.datatype.boolean(0.5) ? `sub_${rng.string.alphanumeric(14)}` : null,
          createdAt: startDate,
        }
      : null;
    const movements: DemoMovement[] = plan ? [{ amount: plan.credits, reason: 'plan', createdAt: startDate }] : [];
    if (plan && rng.datatype.boolean(0.3))
      movements.push({ amount: -Math.min(plan.credits, rng.number.int({ min: 1, max: 3 })), reason: 'request', createdAt: addDays(startDate, 5) });
    if (plan && rng.datatype.boolean(0.2)) movements.push({ amount: 5, reason: 'manual', createdAt: addDays(startDate, 9), byStaff: true });
    const credits = movements.reduce((sum, movement) => sum + movement.amount, 0);

    return {
      row: {
        firstname,
        lastname,
        email,
        phone: faker.phone.number(),
        job: faker.person.jobTitle(),
        company,
        vatNumber: rng.datatype.boolean(0.5) ? `${country}${rng.string.numeric(11)}` : null,
        localeId: ctx.ref.localeByCode.get(locale) ?? null,
        address: faker.location.streetAddress(),
        additionalAddress: rng.datatype.boolean(0.15) ? faker.location.secondaryAddress() : null,
        city: faker.location.city(),
        postalCode: faker.location.zipCode(),
        countryId: ref.countryByCode.get(country) ?? null,
        isAccepted: rng.datatype.boolean(0.85),
        credits,
        numberConnections: connections.length,
        lastConnectionDate: connections.at(-1) ?? null,
        searchText: searchNormal(`${firstname} ${lastname} ${email} ${company}`),
        createdAt: addDays(startDate, -rng.number.int({ min: 0, max: 30 })),
      } satisfies typeof users.$inferInsert,
      connections,
      subscription,
      movements,
    };
  });

  SHOWCASE.forEach((showcase, index) => {
    const plan = planned[index];
    if (!plan) return;
    plan.row.isAccepted = showcase.isAccepted;
    const chosen = showcase.subscription && ref.plans.find((row) => row.role === showcase.subscription!.role);
    if (!showcase.subscription || !chosen) {
      plan.subscription = null;
      plan.movements = [];
      plan.row.credits = 0;
      return;
    }
    const { start, end, canceledAt } = showcaseDates(showcase.subscription.state, now);
    plan.subscription = {
      planId: chosen.id,
      paid: chosen.paid,
      commitment: chosen.commitment,
      startDate: isoDate(start),
      subscriptionEndAt: new Date(`${isoDate(end)}T00:00:00Z`),
      canceledAt,
      providerSubscriptionId: showcase.subscription.tied ? `sub_demo${String(index).padStart(2, '0')}tiedtoprovider` : null,
      createdAt: start,
    };
    plan.movements = [
      { amount: chosen.credits, reason: 'plan', createdAt: start },
      { amount: -2, reason: 'request', createdAt: addDays(start, 5) },
      { amount: 5, reason: 'manual', createdAt: addDays(start, 9), byStaff: true },
    ];
    plan.row.credits = plan.movements.reduce((sum, movement) => sum + movement.amount, 0);
  });

  const inserted = await db
    .insert(users)
    .values(planned.map((plan) => plan.row))
    .returning({ id: users.id, isAccepted: users.isAccepted });

  // Manual changes are made by the first administrator, when one exists already (not on a fresh database).
  const [staff] = await db.select({ id: administrators.id }).from(administrators).orderBy(asc(administrators.id)).limit(1);
  const staffId = staff?.id ?? null;
  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const movementRows: (typeof creditMovements.$inferInsert)[] = [];
  const connectionRows: (typeof userConnections.$inferInsert)[] = [];
  inserted.forEach(({ id: userId }, index) => {
    const plan = planned[index];
    if (!plan) return;
    if (plan.subscription) subscriptionRows.push({ userId, ...plan.subscription });
    let balance = 0;
    for (const { byStaff, ...movement } of plan.movements) {
      balance += movement.amount;
      movementRows.push({ userId, ...movement, balance, administratorId: byStaff ? staffId : null });
    }
    for (const connectedAt of plan.connections) connectionRows.push({ userId, connectedAt });
  });
  await insertRows(db, subscriptions, subscriptionRows);
  await insertRows(db, creditMovements, movementRows);
  await insertRows(db, userConnections, connectionRows);

  // Libraries for the showcase and half of the other subscribers.
  const libraryPlans = inserted
    .filter((_, index) => index < SHOWCASE.length || rng.datatype.boolean(0.5))
    .flatMap(({ id: userId }) => some(rng, LIBRARY_NAMES, 1, 2).map((name) => ({ row: { userId, name }, books: some(rng, catalogue, 2, 6) })));
  if (libraryPlans.length > 0) {
    const createdLibraries = await db
      .insert(libraries)
      .values(libraryPlans.map((plan) => plan.row))
      .returning({ id: libraries.id });
    await insertRows(
      db,
      libraryBooks,
      createdLibraries.flatMap(({ id: libraryId }, index) =>
        (libraryPlans[index]?.books ?? []).map((book) => ({ libraryId, bookId: book.id, addedAt: rng.date.recent({ days: 60 }) })),
      ),
    );
  }

  // Saved searches, some of them shared by several users (same filters).
  const searchRows: (typeof savedSearches.$inferInsert)[] = [];
  for (let index = 0; index < 20; index += 1) {
    const genres = some(rng, ref.genres, 1, 2);
    const places = some(
      rng,
      ref.countries.filter((country) => [...ref.countryByCode.values()].includes(country.id)),
      0,
      1,
    );
    const periods = some(rng, ref.periods, 0, 1);
    const audiences = some(rng, ref.audiences, 0, 1);
    const savedFilters: SavedFilters = { genre: genres.map((row) => row.id) };
    const filterTexts: FilterTexts = { genre: genres.map((row) => pickTranslation(row.names)) };
    if (places.length > 0) {
      savedFilters.place = places.map((row) => row.id);
      filterTexts.place = places.map((row) => pickTranslation(row.names));
    }
    if (periods.length > 0) {
      savedFilters.period = periods.map((row) => row.id);
      filterTexts.period = periods.map((row) => pickTranslation(row.names));
    }
    if (audiences.length > 0) {
      savedFilters.audience = audiences.map((row) => row.id);
      filterTexts.audience = audiences.map((row) => pickTranslation(row.names));
    }
    const ratingsFilter: RatingsFilter = rng.datatype.boolean(0.4) ? { [rng.helpers.arrayElement(RATING_TYPES)]: rng.number.int({ min: 2, max: 4 }) } : {};
    // The showcase's subscribers hold the first searches (one each), so every state shows one.
    const holders = index < Math.min(SHOWCASE.length, inserted.length) ? [inserted[index]!] : some(rng, inserted, 1, rng.datatype.boolean(0.3) ? 3 : 1);
    const createdAt = rng.date.recent({ days: 90 });
    for (const holder of holders) {
      searchRows.push({
        userId: holder.id,
        title: Object.values(filterTexts).flat().join(', '),
        textSearch: rng.datatype.boolean(0.3) ? rng.helpers.arrayElement(['island', 'secret', 'winter', 'family']) : null,
        savedFilters,
        filterTexts,
        ratingsFilter,
        createdAt,
      });
    }
  }
  await insertRows(db, savedSearches, searchRows);

  return inserted;
}
