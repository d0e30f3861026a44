import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, searchNormal, type Translations } from '../../common/locales.js';
import { openPglite, type Database } from '../../server/db/client.js';
import {
  authorTypes,
  bookStatuses,
  contactTypes,
  countries,
  demandStatuses,
  demandTypes,
  genres,
  languages,
  locales,
  plans,
  reporterStatuses,
  rightsStatuses,
  thematics,
} from '../../server/db/schema/reference.js';
import { NAMED_LISTS, STARTER_LISTS, seedReferenceData } from '../../server/db/seed/reference/index.js';

let database: Database;

const FIXED_TABLES = {
  locales,
  languages,
  countries,
  bookStatuses,
  rightsStatuses,
  demandTypes,
  demandStatuses,
  authorTypes,
  contactTypes,
  reporterStatuses,
  genres,
  thematics,
  plans,
};
const ALL_TABLES: Record<string, PgTable> = {
  ...FIXED_TABLES,
  ...Object.fromEntries([...NAMED_LISTS, ...STARTER_LISTS].map(([table], index) => [`named${index}`, table])),
};

async function countAll(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(ALL_TABLES)) {
    const [row] = await database.db.select({ n: count() }).from(table);
    result[name] = row!.n;
  }
  return result;
}

/** What the seed must have stored: every locale's name, in `LOCALES` order (jsonb does not keep key order). */
function searchTextOf(names: Translations): string {
  return searchNormal(LOCALES.map((locale) => names[locale] ?? '').join(' '));
}

function expectComplete(label: string, value: Translations) {
  for (const locale of LOCALES) expect(value[locale]?.trim(), `${label} ${locale}`).toBeTruthy();
}

let countsAfterFirstSeed: Record<string, number>;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  countsAfterFirstSeed = await countAll();
  await seedReferenceData(database.db);
}, 60_000);

afterAll(async () => database?.close(), 60_000);

describe('seedReferenceData', () => {
  it('is idempotent: a second run adds no rows', async () => {
    expect(await countAll()).toEqual(countsAfterFirstSeed);
    for (const [name, n] of Object.entries(countsAfterFirstSeed)) expect(n, name).toBeGreaterThan(0);
  });

  it('fills every ISO country with its names from i18n-iso-countries', async () => {
    expect(countsAfterFirstSeed.countries).toBeGreaterThanOrEqual(249);
    const [france] = await database.db.select().from(countries).where(eq(countries.code, 'FR'));
    expect(france?.names.fr).toBe('France');
    expect(france?.names.de).toBe('Frankreich');
    expect(france?.names.en).toBe('France');
    const [germany] = await database.db.select().from(countries).where(eq(countries.code, 'DE'));
    expect(germany?.names).toMatchObject({ en: 'Germany', fr: 'Allemagne', es: 'Alemania', de: 'Deutschland', it: 'Germania' });
  });

  it('fills at least 40 book languages and the five locales', async () => {
    const rows = await database.db.select().from(languages);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const codes = rows.map((row) => row.code);
    for (const code of ['en', 'fr', 'de', 'it', 'es', 'pt', 'nl', 'pl', 'zh', 'ja', 'ko', 'ar', 'he', 'ru', 'tr', 'hi']) expect(codes).toContain(code);
    expect(rows.find((row) => row.code === 'de')?.names).toMatchObject({ en: 'German', fr: 'Allemand', de: 'Deutsch' });
    const localeRows = await database.db.select().from(locales);
    expect(Object.fromEntries(localeRows.map((row) => [row.code, row.name]))).toEqual({
      en: 'English',
      fr: 'Français',
      es: 'Español',
      de: 'Deutsch',
      it: 'Italiano',
    });
  });

  it('keeps the fixed ids the client depends on', async () => {
    const bookStatusIds = (await database.db.select().from(bookStatuses)).map((row) => row.id);
    expect(bookStatusIds.sort()).toEqual([1, 2, 3, 4]);
    expect(await database.db.select().from(rightsStatuses).where(eq(rightsStatuses.id, 4))).toHaveLength(1);
    const statuses = await database.db.select().from(demandStatuses);
    expect(statuses.filter((row) => row.requiresCommentary).map((row) => row.id)).toEqual([4]);
    const [reporterDraft] = await database.db.select().from(reporterStatuses).where(eq(reporterStatuses.id, 1));
    expect(reporterDraft?.name).toBe('Draft');
    const [author] = await database.db.select().from(authorTypes).where(eq(authorTypes.id, 1));
    expect(author?.name).toBe('Author');
    expect(countsAfterFirstSeed.demandTypes).toBeGreaterThan(0);
    expect(countsAfterFirstSeed.contactTypes).toBeGreaterThan(0);
  });

  it('has the three plans', async () => {
    const rows = await database.db.select().from(plans);
    expect(rows.map((row) => row.role).sort()).toEqual(['essential', 'premium', 'vip']);
    for (const row of rows) {
      expect(row.paid).toBe(true);
      expect(row.amount).toBeGreaterThan(0);
      expect(row.commitment).toBeGreaterThan(0);
      expect(row.credits).toBeGreaterThan(0);
    }
  });

  it('gives every translatable row all five locales and a search text', async () => {
    for (const row of await database.db.select().from(languages)) expectComplete(`language ${row.code}`, row.names);
    for (const row of await database.db.select().from(countries)) {
      expectComplete(`country ${row.code}`, row.names);
      expect(row.searchText).toBe(searchTextOf(row.names));
    }
    for (const [table] of [...NAMED_LISTS, ...STARTER_LISTS]) {
      for (const row of await database.db.select().from(table)) {
        expectComplete(`row ${row.id}`, row.names);
        expect(row.searchText).toBe(searchTextOf(row.names));
      }
    }
    for (const row of await database.db.select().from(genres)) {
      expectComplete(`genre ${row.id}`, row.names);
      expect(row.searchText).toBe(searchTextOf(row.names));
      expect(row.color).toMatch(/^#[0-9a-f]{6}$/);
    }
    for (const row of await database.db.select().from(thematics)) {
      expectComplete(`thematic ${row.id}`, row.names);
      expectComplete(`thematic ${row.id} ai description`, row.aiDescriptions);
      expect(row.searchText).toBe(searchTextOf(row.names));
    }
  });

  it('builds two-level genre and thematic trees whose parents exist', async () => {
    for (const table of [genres, thematics]) {
      const rows = await database.db.select({ id: table.id, parentId: table.parentId }).from(table);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const children = rows.filter((row) => row.parentId !== null);
      expect(children.length).toBeGreaterThan(0);
      expect(rows.length - children.length).toBeGreaterThan(0);
      for (const child of children) {
        const parent = byId.get(child.parentId!);
        expect(parent, `parent of ${child.id}`).toBeDefined();
        expect(parent?.parentId, `parent of ${child.id} is top-level`).toBeNull();
      }
    }
  });

  it('overwrites a changed read-only value on the next run, keeps staff edits of editable lists, and leaves the sequences past the seeded ids', async () => {
    const [before] = await database.db.select().from(bookStatuses).where(eq(bookStatuses.id, 1));
    await database.db.update(bookStatuses).set({ label: 'Changed' }).where(eq(bookStatuses.id, 1));
    await database.db
      .update(genres)
      .set({ color: '#000000', names: { en: 'Changed' } })
      .where(eq(genres.id, 1));
    await seedReferenceData(database.db);
    const [after] = await database.db.select().from(bookStatuses).where(eq(bookStatuses.id, 1));
    expect(after).toEqual(before);
    const [edited] = await database.db.select().from(genres).where(eq(genres.id, 1));
    expect(edited).toMatchObject({ color: '#000000', names: { en: 'Changed' } });

    const [created] = await database.db
      .insert(genres)
      .values({ names: { en: 'Created by staff' } })
      .returning({ id: genres.id });
    const maxSeeded = Math.max(...(await database.db.select({ id: genres.id }).from(genres)).map((row) => row.id).filter((id) => id !== created!.id));
    expect(created!.id).toBeGreaterThan(maxSeeded);
    await seedReferenceData(database.db);
    const [kept] = await database.db.select().from(genres).where(eq(genres.id, created!.id));
    expect(kept?.names).toEqual({ en: 'Created by staff' });
  });
});
