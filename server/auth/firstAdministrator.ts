import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { countAdministrators, insertAdministrator } from '../db/repositories/auth/administratorRepository.js';
import { hashPassword } from './passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Creates the first administrator when none exists, an Owner (docs/permissions.md): from ADMIN_EMAIL / ADMIN_PASSWORD, or, on
 * the embedded database, a default one whose generated password is printed once.
 */
export async function ensureFirstAdministrator(db: Db, config: Config, log: FastifyBaseLogger, print = console.log): Promise<void> {
  if ((await countAdministrators(db)) > 0) return;
  if (config.adminEmail && config.adminPassword) {
    await insertAdministrator(db, {
      firstname: 'Admin',
      lastname: '',
      email: config.adminEmail,
      passwordHash: await hashPassword(config.adminPassword),
    });
    log.info({ email: config.adminEmail }, 'first administrator created from ADMIN_EMAIL');
    return;
  }
  if (config.databaseUrl) {
    log.warn('no administrator exists: set ADMIN_EMAIL and ADMIN_PASSWORD and restart to create the first one');
    return;
  }
  const password = randomBytes(9).toString('base64url');
  await insertAdministrator(db, { firstname: 'Admin', lastname: '', email: DEFAULT_ADMIN_EMAIL, passwordHash: await hashPassword(password) });
  print(
    [
      '',
      '  First administrator created (shown only this once):',
      `    e-mail:   ${DEFAULT_ADMIN_EMAIL}`,
      `    password: ${password}`,
      '  Change it from the Administrators screen.',
      '',
    ].join('\n'),
  );
}
