import { Faker, base, de, en, es, fr, it } from '@faker-js/faker';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LOCALES, type Locale } from '../../../../common/locales.js';
import type { Db } from '../../client.js';
import type { ReferenceIds } from './reference-ids.js';

/** Everything a demo seeder step needs: the transaction, seeded fakers, the reference ids and "now". */
export interface DemoContext {
  db: Db;
  /** Drives every random choice (which genre, how many authors …). */
  rng: Faker;
  /** One faker per content locale for names, cities, companies … in that language. */
  fakers: Record<Locale, Faker>;
  ref: ReferenceIds;
  /** The reference date every generated date is relative to. */
  now: Date;
}

const LOCALE_DEFINITIONS = { en: [en, base], fr: [fr, en, base], es: [es, en, base], de: [de, en, base], it: [it, en, base] };

/** Private faker instances (the shared `fakerFR` … are left untouched), all seeded from `seed`. */
export function createFakers(seed: number, now: Date): { rng: Faker; fakers: Record<Locale, Faker> } {
  const make = (locale: Locale, offset: number) => {
    const faker = new Faker({ locale: LOCALE_DEFINITIONS[locale], seed: seed + offset });
    faker.setDefaultRefDate(now);
    return faker;
  };
  const fakers = Object.fromEntries(LOCALES.map((locale, index) => [locale, make(locale, index + 1)])) as Record<Locale, Faker>;
  return { rng: make('en', 0), fakers };
}

/** `min`..`max` distinct elements of `items` (fewer when there are not enough). */
export function some<T>(rng: Faker, items: readonly T[], min: number, max: number): T[] {
  if (items.length === 0) return [];
  const count = rng.number.int({ min: Math.min(min, items.length), max: Math.min(max, items.length) });
  return rng.helpers.arrayElements([...items], count);
}

/** One element of `items`, or null when it is empty. */
export function maybe<T>(rng: Faker, items: readonly T[]): T | null {
  return items.length === 0 ? null : rng.helpers.arrayElement([...items]);
}

/** A 'YYYY-MM-DD' date string (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `date` moved by whole days (negative for the past). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** `date` moved by whole months (UTC). */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

/** Inserts `values` into `table` in one statement (nothing when empty). */
export async function insertRows<T extends PgTable>(db: Db, table: T, values: T['$inferInsert'][]): Promise<void> {
  if (values.length > 0) await db.insert(table).values(values);
}
