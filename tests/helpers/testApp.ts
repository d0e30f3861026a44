import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { Database } from '../../server/db/client.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import { createTestDatabase } from './testDatabase.js';

import { ADMIN } from '../../scripts/harness/admin.js';

export { ADMIN } from '../../scripts/harness/admin.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Logs in as the seeded administrator and returns the cookie header for later requests. */
  login(email?: string, password?: string): Promise<string>;
  /** app.inject with the session cookie of `login()`. */
  as(cookie: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let adminHash: Promise<string> | undefined;

/**
 * Builds the app on a fresh database (or `database`: one a test prepared, a migration's) with one
 * administrator (ADMIN); `screensDir` serves other screen definitions, `now` replaces the clock of
 * time-based rules, `logger` turns logging on.
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  { database: given, ...options }: Pick<AppOptions, 'screensDir' | 'now' | 'logger' | 'cardPayments' | 'aiQueue' | 'storage'> & { database?: Database } = {},
): Promise<TestApp> {
  const database = given ?? (await createTestDatabase());
  const config = loadConfig({ DATA_DIR: 'data/test', CLIENT_DIR: 'no-client', DEMO_DATA: 'false', ...env });
  adminHash ??= hashPassword(ADMIN.password);
  await insertAdministrator(database.db, { firstname: 'Staff', lastname: 'Member', email: ADMIN.email, passwordHash: await adminHash });
  // Every answer of every server test is checked against its route's response schema.
  const app = await buildApp({ config, database, checkAnswers: true, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      return `${SESSION_COOKIE}=${cookie!.value}`;
    },
    as(cookie, options) {
      return app.inject({ ...options, headers: { ...options.headers, cookie } });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
