import type { Db } from '../../client.js';
import { plans } from '../../schema/reference.js';
import { upsertRows } from './upsert.js';

/**
 * Subscription plans, keyed by role (the user group a reporter can target). `amount` is the
 * monthly price in euro cents, `commitment` the minimum term in months, `credits` the number
 * of requests included in the term.
 */
const PLANS = [
  { role: 'essential', amount: 9_900, commitment: 12, paid: true, credits: 10 },
  { role: 'premium', amount: 24_900, commitment: 12, paid: true, credits: 30 },
  { role: 'vip', amount: 59_900, commitment: 12, paid: true, credits: 100 },
] as const;

/** Upserts the plans by role. */
export async function seedPlans(db: Db): Promise<void> {
  await upsertRows(db, plans, plans.role, PLANS);
}
