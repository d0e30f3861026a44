import type { Db } from '../client.js';
import { books } from '../schema/index.js';
import { seedAiPrompts } from './aiPrompts.js';
import { seedReferenceData } from './reference/index.js';

export { seedAiPrompts, seedReferenceData };

/** Runs the idempotent reference seeders and the AI prompts (every start) and, when asked, the demo catalogue (first start only). */
export async function seedDatabase(db: Db, options: { demo: boolean }): Promise<void> {
  await seedReferenceData(db);
  await seedAiPrompts(db);
  // Loaded lazily, and only while the catalogue is empty: faker's locales are large (a few hundred
  // ms of every start) and production never needs them. The demo checks again under its lock.
  if (options.demo && (await db.select({ id: books.id }).from(books).limit(1)).length === 0) {
    const { seedDemoData } = await import('./demo/index.js');
    await seedDemoData(db);
  }
}
