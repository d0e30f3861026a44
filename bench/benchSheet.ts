import { faker } from '@faker-js/faker';
import { asc } from 'drizzle-orm';
import { LOCALES } from '../common/locales.js';
import type { Db } from '../server/db/client.js';
import { authors, companies, contacts, literaryPrizes } from '../server/db/schema/index.js';
import { fullSheet, referenceIds } from '../scripts/harness/fullSheet.js';

/** Long texts in every locale, the same on each run. */
function sheetBody(ref: Awaited<ReturnType<typeof referenceIds>>, dir: Parameters<typeof fullSheet>[1], title: string) {
  faker.seed(2026);
  const text = (chars: number) => faker.lorem.paragraphs(Math.ceil(chars / 450), '\n\n').slice(0, chars);
  const everyLocale = (chars: number) => Object.fromEntries(LOCALES.map((locale) => [locale, text(chars)]));
  const base = fullSheet(ref, dir);
  const long = new Set(['summaries', 'report', 'pitches', 'public_comments', 'scouts']);
  const maps = Object.fromEntries(
    Object.entries(base)
      .filter(([, value]) => value !== null && typeof value === 'object' && !Array.isArray(value) && 'en' in value)
      .map(([key]) => [key, everyLocale(long.has(key) ? 6000 : 120)]),
  );
  const characters = Array.from({ length: 10 }, (_, i) => ({
    name: faker.person.fullName(),
    function: ref.functions[i % ref.functions.length]!,
    gender: ref.genders[i % ref.genders.length]!,
    ages: [ref.ages[i % ref.ages.length]!],
    country: ref.countries[i % ref.countries.length]!,
    topology: ref.topologies[i % ref.topologies.length]!,
    characterisations: everyLocale(400),
    issues: everyLocale(400),
    evolutions: everyLocale(400),
  }));
  const seriesList = Array.from({ length: 10 }, (_, i) => ({ name: `${faker.word.adjective()} ${faker.word.noun()}`, number: i + 1 }));
  return { ...base, ...maps, original_title: title, characters, seriesList, serie: 1 };
}

/**
 * The bench's full reading sheet, as a save body (the editor's and the history's suites): every
 * translatable map in the five locales (report, summary, pitch, public comments and scouts 6,000
 * characters each), 10 characters with three texts in five locales, 10 series items, and the
 * first companies, authors, contacts and prizes of the catalogue (which must be seeded).
 */
export async function benchSheetBody(db: Db, title: string) {
  const directory: Parameters<typeof fullSheet>[1] = {
    companies: await db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id)).limit(2),
    authors: await db.select({ id: authors.id, name: authors.name }).from(authors).orderBy(asc(authors.id)).limit(3),
    contacts: await db.select({ id: contacts.id, name: contacts.name }).from(contacts).orderBy(asc(contacts.id)).limit(2),
    prizes: (await db.select({ id: literaryPrizes.id }).from(literaryPrizes).orderBy(asc(literaryPrizes.id)).limit(2)).map((row) => row.id),
  } as Parameters<typeof fullSheet>[1];
  return sheetBody(await referenceIds(db), directory, title);
}
