import { eq } from 'drizzle-orm';
import type { RolePermissions } from '../../common/permissions.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { administratorRoles, roles } from '../../server/db/schema/index.js';
import { ADMIN, type TestApp } from './testApp.js';

/** An administrator holding one role of a test's own, logged in; its permissions change in place. */
export interface RoleHolder {
  cookie: string;
  administratorId: number;
  roleId: number;
  /** Gives the role these permissions: the holder's next request is held to them (no new login). */
  grant(permissions: RolePermissions): Promise<void>;
}

let count = 0;

/**
 * Adds an administrator whose only role is a new one with `permissions` (not the Owner), and logs
 * them in. Written straight to the tables: what is tested is what the role lets its holder do.
 */
export async function createRoleHolder(t: TestApp, permissions: RolePermissions = {}): Promise<RoleHolder> {
  const { db } = t.database;
  count += 1;
  const email = `holder${count}.${Date.now()}@example.com`;
  const [role] = await db
    .insert(roles)
    .values({ name: `Test role ${count} ${Date.now()}`, permissions })
    .returning({ id: roles.id });
  const admin = await insertAdministrator(db, { firstname: 'Role', lastname: `Holder ${count}`, email, passwordHash: await hashPassword(ADMIN.password) });
  await db.delete(administratorRoles).where(eq(administratorRoles.administratorId, admin.id));
  await db.insert(administratorRoles).values({ administratorId: admin.id, roleId: role!.id });
  return {
    cookie: await t.login(email, ADMIN.password),
    administratorId: admin.id,
    roleId: role!.id,
    async grant(next) {
      await db.update(roles).set({ permissions: next }).where(eq(roles.id, role!.id));
    },
  };
}
