import { plans } from '../db/schema/index.js';
import { declaredStore } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { STRING } from '../../common/answerSchemas.js';

const fields = {
  id: { column: 'id' },
  role: { column: 'role' },
  name: { computed: 'the role, for pickers', schema: STRING, compute: (record) => record.role },
  amount: { column: 'amount' },
  commitment: { column: 'commitment' },
  paid: { column: 'paid' },
  credits: { column: 'credits' },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * Subscription plans (`GET admin/plans`, `GET admin/plans/{id}`): read-only reference data seeded
 * from server/db/seed/reference/plans.ts. `role` is the plan's name (essential, premium, vip; also
 * as `name` for pickers), `amount` its price in cents, `commitment` in months, `credits` those a
 * new subscription grants by default. `POST admin/plans/{userid}` and `DELETE
 * admin/plans/{userid}/cancel` are the subscription actions (server/routes/subscriptionRoutes.ts).
 */
export const planResource: CustomResourceDefinition = {
  api: 'plans',
  label: 'Plan',
  table: plans,
  fields,
  filters: { role: { column: ['role'], op: 'search' } },
  store: declaredStore({ table: plans, fields }),
};
