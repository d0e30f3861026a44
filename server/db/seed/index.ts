import type { Db } from '../client.js';
import { seedReferenceData } from './reference/index.js';

export { seedReferenceData };

/** Runs the idempotent reference seeders; safe on every start. */
export async function seedDatabase(db: Db): Promise<void> {
  await seedReferenceData(db);
}
