import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { plans } from '../schema/index.js';

/** A plan as the API sends it (SPEC §3 'Plan'): `role` is its name, `amount` in cents. */
export type { PlanRecord } from '../../../common/subscribers.js';
import type { PlanRecord } from '../../../common/subscribers.js';

const toRecord = (row: typeof plans.$inferSelect): PlanRecord => ({
  id: row.id,
  role: row.role,
  name: row.role,
  amount: row.amount,
  commitment: row.commitment,
  paid: row.paid,
  credits: row.credits,
});

/** One page of plans by id, matching `where`. */
export async function listPlans(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: PlanRecord[]; total: number }> {
  const rows = await db.select().from(plans).where(options.where).orderBy(asc(plans.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(plans).where(options.where);
  return { rows: rows.map(toRecord), total: total?.value ?? 0 };
}

/** One plan by id. */
export async function findPlan(db: Db, id: number): Promise<PlanRecord | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row && toRecord(row);
}

/** Every plan as a user group (`{ id, name }`, name = role), by id. */
export async function listPlanRoles(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: plans.id, name: plans.role }).from(plans).orderBy(asc(plans.id));
}
