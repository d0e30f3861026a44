import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { plans } from '../../schema/index.js';

/** A plan as the API sends it (SPEC §3 'Plan'): `role` is its name, `amount` in cents. */
export type { PlanRecord } from '../../../../common/subscribers.js';
import type { PlanRecord } from '../../../../common/subscribers.js';

const toRecord = (row: typeof plans.$inferSelect): PlanRecord => ({
  id: row.id,
  role: row.role,
  name: row.role,
  amount: row.amount,
  commitment: row.commitment,
  paid: row.paid,
  credits: row.credits,
});

/** One plan by id. */
export async function findPlan(db: Db, id: number): Promise<PlanRecord | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row && toRecord(row);
}

/** Every plan as a user group (`{ id, name }`, name = role), by id. */
export async function listPlanRoles(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: plans.id, name: plans.role }).from(plans).orderBy(asc(plans.id));
}
