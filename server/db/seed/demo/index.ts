import { sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { books } from '../../schema/index.js';
import { seedAiDrafts } from './aiDrafts.js';
import { seedCatalogue } from './catalogue.js';
import { createFakers, type DemoContext } from './context.js';
import { seedDirectory } from './directory.js';
import { seedBookViews, seedDemands, seedNews, seedReporters } from './activity.js';
import { loadReferenceIds } from './reference-ids.js';
import { seedSubscribers } from './subscribers.js';
import { markAppWrites } from '../../repositories/engine/historyRepository.js';

export interface DemoSeedOptions {
  /** Faker seed: the same seed (and day) gives the same data. Default 20240. */
  seed?: number;
  /**
   * The date every generated date is relative to. Default: today at 00:00 UTC, so subscriptions
   * and connections look current whenever the demo is installed, and a run is reproducible over a day.
   */
  now?: Date;
}

/** How much demo data one run creates. */
export const DEMO_COUNTS = {
  companies: 30,
  contacts: 25,
  authors: 40,
  books: 40,
  subscribers: 30,
  demands: 25,
  bookViews: 400,
} as const;

/** Arbitrary key of the advisory lock that keeps two starting processes from both seeding. */
const DEMO_LOCK_KEY = 7_402_113;

/**
 * Fills an empty catalogue with a reproducible demo: companies, contacts, authors, literary prizes,
 * reading sheets in five locales with their criteria, ratings, series and characters, subscribers
 * with subscriptions, libraries and saved searches, requests, reporters, news, sheet views and AI
 * drafts (one ready, one failed).
 * Reads every reference id from the tables, so the reference seeder must have run.
 * Does nothing when any book exists (first start only); all or nothing, in one transaction.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<boolean> {
  const seed = options.seed ?? 20240;
  const now = options.now ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    // Demo rows are no one's change: their history starts with the first save.
    await markAppWrites(tx, 'off');
    const existing = await tx.select({ id: books.id }).from(books).limit(1);
    if (existing.length > 0) return false;

    const ctx: DemoContext = { db: tx, ...createFakers(seed, now), ref: await loadReferenceIds(tx), now };
    const directory = await seedDirectory(ctx, DEMO_COUNTS);
    const catalogue = await seedCatalogue(ctx, directory, DEMO_COUNTS.books);
    const subscribers = await seedSubscribers(ctx, catalogue, DEMO_COUNTS.subscribers);
    await seedDemands(ctx, catalogue, subscribers, DEMO_COUNTS.demands);
    await seedReporters(ctx, catalogue, subscribers);
    await seedNews(ctx);
    await seedBookViews(ctx, catalogue, subscribers, DEMO_COUNTS.bookViews);
    await seedAiDrafts(ctx, catalogue);
    return true;
  });
}
