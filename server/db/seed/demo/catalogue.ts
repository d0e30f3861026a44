import type { PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale, type Translations } from '../../../../common/locales.js';
import {
  bookAdaptationFormats,
  bookAdaptationKinds,
  bookAudiences,
  bookAuthors,
  bookCategories,
  bookContacts,
  bookGenres,
  bookLiteraryPrizes,
  bookPeriods,
  bookPlaces,
  bookRatings,
  bookSearchText,
  bookSeries,
  bookSources,
  bookThematics,
  books,
  characterAgeLinks,
  characters,
  RATING_TYPES,
  type NewBook,
} from '../../schema/index.js';
import { addDays, insertRows, isoDate, maybe, some, type DemoContext } from './context.js';
import { LOCALE_COUNTRY, type DemoDirectory } from './directory.js';
import { CHARACTERISATIONS, fill, FULL_REPORT, OF, PITCHES, PRAISES, RESERVATIONS, SUBTITLES, TITLE_NOUNS, type Phrase } from './vocabulary.js';

export interface DemoBook {
  id: number;
  originalTitle: string;
}

/** Rows inserted after the books, keyed by the book's index in the batch. */
interface BookPlan {
  row: NewBook;
  locale: Locale;
  authorIds: number[];
  city: string;
  hero: string;
}

const translate = (phrase: Phrase, values: Record<string, string> = {}): Translations =>
  Object.fromEntries(LOCALES.map((locale) => [locale, fill(phrase[locale], values)]));

/** A title in every locale, unique within the catalogue. */
function makeTitles(ctx: DemoContext, locale: Locale, used: Set<string>, city: string, hero: string): Translations {
  for (let attempt = 0; ; attempt += 1) {
    const noun = ctx.rng.helpers.arrayElement(TITLE_NOUNS);
    const pattern = ctx.rng.number.int({ min: 0, max: 2 });
    const tail = pattern === 1 ? city : pattern === 2 ? hero : '';
    const titles = Object.fromEntries(LOCALES.map((l) => [l, tail ? `${noun[l]} ${OF[l]} ${tail}` : noun[l]])) as Record<Locale, string>;
    if (!used.has(titles[locale]) || attempt > 20) {
      used.add(titles[locale]);
      return titles;
    }
  }
}

/** Every third sheet (the second, fifth…) has a 'Full report' besides its 'Report'; the others, as most sheets, only the 'Report'. */
const hasFullReport = (index: number) => index % 3 === 1;

function planBook(ctx: DemoContext, directory: DemoDirectory, usedTitles: Set<string>, index: number): BookPlan {
  const { rng, ref, now } = ctx;
  const locale = rng.helpers.weightedArrayElement(LOCALES.map((value) => ({ value, weight: value === 'en' || value === 'fr' ? 3 : 2 })));
  const faker = ctx.fakers[locale];
  const city = faker.location.city();
  const hero = faker.person.firstName();
  const titles = makeTitles(ctx, locale, usedTitles, city, hero);
  const originalTitle = titles[locale] ?? '';

  const sameLanguage = directory.authors.filter((author) => author.locale === locale);
  const first = maybe(rng, sameLanguage.length > 0 ? sameLanguage : directory.authors);
  const authors = first ? [first] : [];
  if (rng.datatype.boolean(0.2)) {
    const second = maybe(
      rng,
      directory.authors.filter((author) => author.id !== first?.id),
    );
    if (second) authors.push(second);
  }

  const pitch = rng.helpers.arrayElement(PITCHES);
  const praise = rng.helpers.arrayElement(PRAISES);
  const reservation = rng.helpers.arrayElement(RESERVATIONS);
  const values = { city, name: hero };
  const createdAt = rng.date.between({ from: addDays(now, -730), to: addDays(now, -1) });
  const rightsStatusId = rng.helpers.arrayElement(ref.rightsStatuses);
  const published = rng.date.between({ from: addDays(now, -3650), to: now });

  const row: NewBook = {
    originalTitle,
    originalCountryId: ref.countryByCode.get(LOCALE_COUNTRY[locale]) ?? null,
    languageId: ref.languageByCode.get(locale) ?? null,
    statusId: rng.helpers.arrayElement(ref.bookStatuses),
    rightsStatusId,
    rightsStatusUpdatedAt: rightsStatusId === 4 ? null : rng.date.between({ from: createdAt, to: now }),
    timeId: maybe(rng, ref.times)?.id ?? null,
    formatId: maybe(rng, ref.formats)?.id ?? null,
    companyId: rng.datatype.boolean(0.9) ? (maybe(rng, directory.companies)?.id ?? null) : null,
    adaptationBudgetId: rng.datatype.boolean(0.6) ? (maybe(rng, ref.adaptationBudgets)?.id ?? null) : null,
    publicationDate: `${isoDate(published).slice(0, 7)}-01`,
    nbPages: rng.number.int({ min: 90, max: 850 }),
    universal: rng.datatype.boolean(0.3),
    manuscriptConfidential: rng.datatype.boolean(0.1),
    serie: rng.datatype.boolean(0.2),
    privateComment: rng.datatype.boolean(0.4) ? ctx.fakers.en.lorem.sentence() : null,
    titles,
    subtitles: rng.datatype.boolean(0.3) ? translate(rng.helpers.arrayElement(SUBTITLES)) : {},
    pitches: translate(pitch, values),
    publicComments: translate(praise),
    newsletterComments: rng.datatype.boolean(0.5) ? translate(praise) : {},
    summaries: Object.fromEntries(LOCALES.map((l) => [l, `${fill(pitch[l], values)} ${praise[l]} ${reservation[l]}`])),
    // No random draw: the rest of the demo stays as it was.
    report: hasFullReport(index)
      ? Object.fromEntries(
          LOCALES.map((l) => [l, fill(FULL_REPORT[l], { ...values, pitch: fill(pitch[l], values), praise: praise[l], reservation: reservation[l] })]),
        )
      : {},
    strongPoints: translate(praise),
    weakPoints: translate(reservation),
    searchText: bookSearchText(
      originalTitle,
      titles,
      authors.map((author) => author.name),
    ),
    createdAt,
    updatedAt: rng.date.between({ from: createdAt, to: now }),
  };
  return { row, locale, authorIds: authors.map((author) => author.id), city, hero };
}

/** ~`count` reading sheets with authors, criteria, sources, contacts, series, characters and ratings. */
export async function seedCatalogue(ctx: DemoContext, directory: DemoDirectory, count: number): Promise<DemoBook[]> {
  const { db, rng, ref, now } = ctx;
  const usedTitles = new Set<string>();
  const plans = Array.from({ length: count }, (_, index) => planBook(ctx, directory, usedTitles, index));
  const inserted = await db
    .insert(books)
    .values(plans.map((plan) => plan.row))
    .returning({ id: books.id, originalTitle: books.originalTitle });

  const defaultAuthorType = ref.authorTypes.includes(1) ? 1 : (ref.authorTypes[0] ?? 1);
  const rows = {
    authors: [] as (typeof bookAuthors.$inferInsert)[],
    genres: [] as (typeof bookGenres.$inferInsert)[],
    periods: [] as (typeof bookPeriods.$inferInsert)[],
    places: [] as (typeof bookPlaces.$inferInsert)[],
    thematics: [] as (typeof bookThematics.$inferInsert)[],
    audiences: [] as (typeof bookAudiences.$inferInsert)[],
    categories: [] as (typeof bookCategories.$inferInsert)[],
    adaptationFormats: [] as (typeof bookAdaptationFormats.$inferInsert)[],
    adaptationKinds: [] as (typeof bookAdaptationKinds.$inferInsert)[],
    prizes: [] as (typeof bookLiteraryPrizes.$inferInsert)[],
    contacts: [] as (typeof bookContacts.$inferInsert)[],
    sources: [] as (typeof bookSources.$inferInsert)[],
    series: [] as (typeof bookSeries.$inferInsert)[],
    ratings: [] as (typeof bookRatings.$inferInsert)[],
    characters: [] as { row: typeof characters.$inferInsert; ageIds: number[] }[],
  };

  inserted.forEach(({ id: bookId, originalTitle }, index) => {
    const plan = plans[index];
    if (!plan) return;
    plan.authorIds.forEach((authorId, position) =>
      rows.authors.push({
        bookId,
        authorId,
        position,
        authorTypeId: position === 0 ? defaultAuthorType : rng.helpers.arrayElement(ref.authorTypes),
      }),
    );
    some(rng, ref.genres, 1, 3).forEach((genre, position) => rows.genres.push({ bookId, genreId: genre.id, isPrimary: position === 0 }));
    for (const period of some(rng, ref.periods, 0, 2)) rows.periods.push({ bookId, periodId: period.id });
    const home = plan.row.originalCountryId;
    const places = new Set([...(home ? [home] : []), ...some(rng, ref.countries, 0, 1).map((country) => country.id)]);
    for (const countryId of places) rows.places.push({ bookId, countryId });
    for (const thematic of some(rng, ref.thematics, 0, 3)) rows.thematics.push({ bookId, thematicId: thematic.id });
    for (const audience of some(rng, ref.audiences, 1, 2)) rows.audiences.push({ bookId, audienceId: audience.id });
    for (const category of some(rng, ref.categories, 0, 2)) rows.categories.push({ bookId, categoryId: category.id });
    for (const format of some(rng, ref.adaptationFormats, 0, 2)) rows.adaptationFormats.push({ bookId, adaptationFormatId: format.id });
    for (const kind of some(rng, ref.adaptationKinds, 0, 2)) rows.adaptationKinds.push({ bookId, adaptationKindId: kind.id });
    if (rng.datatype.boolean(0.15)) {
      for (const literaryPrizeId of some(rng, directory.prizes, 1, 1)) rows.prizes.push({ bookId, literaryPrizeId });
    }
    some(rng, directory.contacts, 0, 2).forEach((contact, position) =>
      rows.contacts.push({ bookId, contactId: contact.id, audiovisualLaw: rng.datatype.boolean(0.3), position }),
    );
    const contact = rng.datatype.boolean(0.7) ? maybe(rng, directory.contacts) : null;
    rows.sources.push({
      bookId,
      contactId: contact?.id ?? null,
      other: contact ? null : rng.helpers.arrayElement(['London Book Fair', 'Frankfurter Buchmesse', "Publisher's catalogue", 'Bologna Children’s Book Fair']),
      date: isoDate(rng.date.between({ from: addDays(now, -365), to: now })),
      mail: rng.datatype.boolean(0.4) ? `Fwd: ${originalTitle} – reading copy` : null,
    });
    if (plan.row.serie) {
      const name = `${ctx.fakers[plan.locale].location.city()} saga`;
      const volumes = rng.number.int({ min: 1, max: 3 });
      for (let number = 1; number <= volumes; number += 1) rows.series.push({ bookId, name, number, position: number - 1 });
    }
    for (const type of RATING_TYPES) {
      if (rng.datatype.boolean(0.85)) {
        rows.ratings.push({
          bookId,
          type,
          rate: rng.helpers.weightedArrayElement([
            { value: 0, weight: 1 },
            { value: 1, weight: 2 },
            { value: 2, weight: 4 },
            { value: 3, weight: 4 },
            { value: 4, weight: 2 },
          ]),
        });
      }
    }
    if (rng.datatype.boolean(0.6)) {
      const cast = [plan.hero, ...Array.from({ length: rng.number.int({ min: 0, max: 2 }) }, () => ctx.fakers[plan.locale].person.firstName())];
      cast.forEach((name, position) => {
        const sketch = rng.helpers.arrayElement(CHARACTERISATIONS);
        rows.characters.push({
          row: {
            bookId,
            name,
            position,
            functionId: maybe(rng, ref.characterFunctions)?.id ?? null,
            genderId: maybe(rng, ref.characterGenders)?.id ?? null,
            countryId: home ?? null,
            topologyId: maybe(rng, ref.characterTopologies)?.id ?? null,
            characterisations: { en: sketch.en, fr: sketch.fr },
            issues: { en: `What does ${name} really want in ${plan.city}?` },
            evolutions: {},
          },
          ageIds: some(rng, ref.characterAges, 1, 2).map((age) => age.id),
        });
      });
    }
  });

  const insertAll = <T extends PgTable>(table: T, values: T['$inferInsert'][]) => insertRows(db, table, values);
  await insertAll(bookAuthors, rows.authors);
  await insertAll(bookGenres, rows.genres);
  await insertAll(bookPeriods, rows.periods);
  await insertAll(bookPlaces, rows.places);
  await insertAll(bookThematics, rows.thematics);
  await insertAll(bookAudiences, rows.audiences);
  await insertAll(bookCategories, rows.categories);
  await insertAll(bookAdaptationFormats, rows.adaptationFormats);
  await insertAll(bookAdaptationKinds, rows.adaptationKinds);
  await insertAll(bookLiteraryPrizes, rows.prizes);
  await insertAll(bookContacts, rows.contacts);
  await insertAll(bookSources, rows.sources);
  await insertAll(bookSeries, rows.series);
  await insertAll(bookRatings, rows.ratings);
  if (rows.characters.length > 0) {
    const cast = await db
      .insert(characters)
      .values(rows.characters.map((character) => character.row))
      .returning({ id: characters.id });
    const ages = cast.flatMap(({ id }, index) => (rows.characters[index]?.ageIds ?? []).map((ageId) => ({ characterId: id, ageId })));
    await insertAll(characterAgeLinks, ages);
  }
  return inserted;
}
