import type { Db } from '../db/client.js';
import { pingDatabase } from '../db/repositories/usage/healthRepository.js';

/** Resolves when the database answers one round trip; rejects otherwise (the health checks). */
export const checkDatabase = (db: Db): Promise<void> => pingDatabase(db);
