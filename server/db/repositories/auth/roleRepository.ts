import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { administratorRoles, roles } from '../../schema/index.js';

/** Whether another role than `exceptId` has this name, whatever its case. */
export async function roleNameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const sameName = sql`lower(${roles.name}) = ${name.trim().toLowerCase()}`;
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(exceptId === undefined ? sameName : and(sameName, ne(roles.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the role is the Owner role. */
export async function isOwnerRole(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ owner: roles.owner }).from(roles).where(eq(roles.id, id)).limit(1);
  return row?.owner === true;
}

/** Gives the administrator the Owner role (the first administrator, made at start). */
export async function grantOwner(db: Db, administratorId: number): Promise<void> {
  await db.execute(sql`
    insert into ${administratorRoles} (administrator_id, role_id)
    select ${administratorId}, ${roles.id} from ${roles} where ${roles.owner}
    on conflict do nothing`);
}
