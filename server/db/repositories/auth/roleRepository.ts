import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { HeldRole } from '../../../../common/permissions.js';
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

/** The roles an administrator holds, by id. */
export async function roleIdsOf(db: Db, administratorId: number): Promise<number[]> {
  const rows = await db.select({ id: administratorRoles.roleId }).from(administratorRoles).where(eq(administratorRoles.administratorId, administratorId));
  return rows.map((row) => row.id);
}

/** These roles as the union of permissions reads them (unknown ids left out). */
export async function heldRoles(db: Db, ids: readonly number[]): Promise<HeldRole[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ owner: roles.owner, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.id, [...ids]));
  return rows;
}

/** How many administrators hold the Owner role, one of them left out (`except`). */
export async function ownerCount(db: Db, except?: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${administratorRoles.administratorId})::int` })
    .from(administratorRoles)
    .innerJoin(roles, eq(roles.id, administratorRoles.roleId))
    .where(except === undefined ? eq(roles.owner, true) : and(eq(roles.owner, true), ne(administratorRoles.administratorId, except)));
  return row?.count ?? 0;
}
