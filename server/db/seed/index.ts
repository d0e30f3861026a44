import type { Db } from '../client.js';
import { seedAiPrompts } from './aiPrompts.js';
import { seedReferenceData } from './reference/index.js';

export { seedAiPrompts, seedReferenceData };

/** Runs the idempotent reference seeders and the AI prompts (every start) and, when asked, the demo catalogue (first start only). */
export async function seedDatabase(db: Db, options: { demo: boolean }): Promise<void> {
  await seedReferenceData(db);
  await seedAiPrompts(db);
  if (options.demo) {
    // Loaded lazily: faker's locales are large and production never needs them.
    const { seedDemoData } = await import('./demo/index.js');
    await seedDemoData(db);
  }
}
