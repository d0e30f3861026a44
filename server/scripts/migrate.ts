import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed/index.js';

/** `npm run db:migrate`: applies pending migrations and the reference seeders, then exits. */
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await seedReferenceData(database.db);
await database.close();
console.log(`Database migrated (${database.kind}).`);
