import { asc } from 'drizzle-orm';
import { LOCALES, searchNormal, type Locale } from '../../../../common/locales.js';
import { authors, companies, contacts, literaryPrizes } from '../../schema/index.js';
import { maybe, type DemoContext } from './context.js';
import { PRIZES } from './vocabulary.js';

/** The country each content locale's people and companies come from. */
export const LOCALE_COUNTRY: Record<Locale, string> = { en: 'GB', fr: 'FR', es: 'ES', de: 'DE', it: 'IT' };

export interface DemoDirectory {
  companies: { id: number; name: string }[];
  contacts: { id: number; name: string }[];
  authors: { id: number; name: string; locale: Locale }[];
  prizes: number[];
}

function countryOf(ctx: DemoContext, locale: Locale): number | null {
  return ctx.ref.countryByCode.get(LOCALE_COUNTRY[locale]) ?? maybe(ctx.rng, ctx.ref.countries)?.id ?? null;
}

/** Companies, contacts, authors and literary prizes. */
export async function seedDirectory(ctx: DemoContext, counts: { companies: number; contacts: number; authors: number }): Promise<DemoDirectory> {
  const { db, rng, fakers } = ctx;

  const companyRows = Array.from({ length: counts.companies }, () => {
    const locale = rng.helpers.arrayElement(LOCALES);
    const faker = fakers[locale];
    const name = faker.company.name();
    const withAddress = rng.datatype.boolean(0.8);
    return {
      name,
      address: withAddress ? faker.location.streetAddress() : null,
      additionalAddress: withAddress && rng.datatype.boolean(0.2) ? faker.location.secondaryAddress() : null,
      postalCode: withAddress ? faker.location.zipCode() : null,
      city: withAddress ? faker.location.city() : null,
      countryId: withAddress ? countryOf(ctx, locale) : null,
      phone: faker.phone.number(),
      website: `https://www.${faker.internet.domainWord()}.example`,
      description: rng.datatype.boolean(0.6) ? faker.company.catchPhrase() : null,
      searchText: searchNormal(name),
    };
  });
  const insertedCompanies = await db.insert(companies).values(companyRows).returning({ id: companies.id, name: companies.name });

  const contactRows = Array.from({ length: counts.contacts }, () => {
    const locale = rng.helpers.arrayElement(LOCALES);
    const faker = fakers[locale];
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const name = `${firstName} ${lastName}`;
    const email = faker.internet.email({ firstName, lastName, provider: 'contacts.example' }).toLowerCase();
    return {
      name,
      email,
      phone: faker.phone.number(),
      professionalRole: rng.helpers.arrayElement(['Editor', 'Literary agent', 'Rights manager', 'Producer', 'Foreign rights director']),
      comment: rng.datatype.boolean(0.3) ? faker.lorem.sentence() : null,
      companyId: rng.datatype.boolean(0.85) ? (maybe(rng, insertedCompanies)?.id ?? null) : null,
      contactTypeId: maybe(rng, ctx.ref.contactTypes),
      searchText: searchNormal(`${name} ${email}`),
    };
  });
  const insertedContacts = await db.insert(contacts).values(contactRows).returning({ id: contacts.id, name: contacts.name });

  const authorLocales: Locale[] = [];
  const authorRows = Array.from({ length: counts.authors }, () => {
    const locale = rng.helpers.arrayElement(LOCALES);
    authorLocales.push(locale);
    const faker = fakers[locale];
    const name = `${faker.person.firstName()} ${faker.person.lastName()}`;
    const city = faker.location.city();
    const year = rng.number.int({ min: 1940, max: 1998 });
    return {
      name,
      countryId: countryOf(ctx, locale),
      biographies: {
        en: `Born in ${city} in ${year}, ${name} has published several acclaimed novels.`,
        fr: `Né(e) à ${city} en ${year}, ${name} a publié plusieurs romans salués par la critique.`,
        ...(locale !== 'en' && locale !== 'fr' ? { [locale]: `${name} (${city}, ${year}).` } : {}),
      },
      searchText: searchNormal(name),
    };
  });
  const insertedAuthors = (await db.insert(authors).values(authorRows).returning({ id: authors.id, name: authors.name })).map((row, index) => ({
    ...row,
    locale: authorLocales[index] ?? 'en',
  }));

  // Prizes may already have been typed in by staff: keep theirs, use all.
  await db
    .insert(literaryPrizes)
    .values(PRIZES.map(({ label, names }) => ({ label, names, searchText: searchNormal([label, ...Object.values(names)].join(' ')) })))
    .onConflictDoNothing();
  const allPrizes = await db.select({ id: literaryPrizes.id }).from(literaryPrizes).orderBy(asc(literaryPrizes.id));

  return { companies: insertedCompanies, contacts: insertedContacts, authors: insertedAuthors, prizes: allPrizes.map((row) => row.id) };
}
