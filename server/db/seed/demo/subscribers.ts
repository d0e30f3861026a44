import { LOCALES, pickTranslation, searchNormal } from '../../../../common/locales.js';
import {
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
    const connections = Array.from({ length: rng.number.int({ min: 0, max: 25 }) }, () =>
      rng.date.between({ from: addDays(now, -120), to: now }),
    ).sort((a, b) => a.getTime() - b.getTime());

    const plan = rng.datatype.boolean(0.8) ? maybe(rng, ref.plans) : null;
    const startDate = rng.date.between({ from: addDays(now, -540), to: addDays(now, -10) });
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
    const movements = plan ? [{ amount: plan.credits, reason: 'plan', createdAt: startDate }] : [];
    if (plan && rng.datatype.boolean(0.3)) movements.push({ amount: -Math.min(plan.credits, rng.number.int({ min: 1, max: 3 })), reason: 'request', createdAt: addDays(startDate, 5) });
    if (plan && rng.datatype.boolean(0.2)) movements.push({ amount: 5, reason: 'manual', createdAt: addDays(startDate, 9) });
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

  const inserted = await db.insert(users).values(planned.map((plan) => plan.row)).returning({ id: users.id, isAccepted: users.isAccepted });

  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const movementRows: (typeof creditMovements.$inferInsert)[] = [];
  const connectionRows: (typeof userConnections.$inferInsert)[] = [];
  inserted.forEach(({ id: userId }, index) => {
    const plan = planned[index];
    if (!plan) return;
    if (plan.subscription) subscriptionRows.push({ userId, ...plan.subscription });
    let balance = 0;
    for (const movement of plan.movements) {
      balance += movement.amount;
      movementRows.push({ userId, ...movement, balance });
    }
    for (const connectedAt of plan.connections) connectionRows.push({ userId, connectedAt });
  });
  await insertRows(db, subscriptions, subscriptionRows);
  await insertRows(db, creditMovements, movementRows);
  await insertRows(db, userConnections, connectionRows);

  // Libraries for half of the subscribers.
  const libraryPlans = inserted
    .filter(() => rng.datatype.boolean(0.5))
    .flatMap(({ id: userId }) =>
      some(rng, LIBRARY_NAMES, 1, 2).map((name) => ({ row: { userId, name }, books: some(rng, catalogue, 2, 6) })),
    );
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
    const places = some(rng, ref.countries.filter((country) => [...ref.countryByCode.values()].includes(country.id)), 0, 1);
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
    const holders = some(rng, inserted, 1, rng.datatype.boolean(0.3) ? 3 : 1);
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
