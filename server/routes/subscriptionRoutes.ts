import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { demandReach } from '../engine/rowConditions.js';
import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '../http/pathParams.js';
import { ADD_SUBSCRIPTION_BODY, addSubscription, cancelSubscription, USER_ACTION_ANSWER } from '../subscribers/subscriptionService.js';

const userRoute = { schema: { params: idParamsSchema, response: USER_ACTION_ANSWER } } as const;

/**
 * A user's subscription (SPEC §7): `POST admin/plans/{userid}` adds one, `DELETE
 * admin/plans/{userid}/cancel` cancels the active one (at the card payment provider too when it is
 * tied to it). The plans themselves (`GET admin/plans`) are a declared resource (server/resources/plans.ts).
 */
/** SPEC §6's staff-only actions on a subscriber's money. */
const SUBSCRIPTIONS = { system: 'subscriptions' } as const;

export async function subscriptionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
  app.post('/plans/:id', { ...userRoute, config: { bodySchema: ADD_SUBSCRIPTION_BODY, need: SUBSCRIPTIONS } }, async (request) => {
    await demandReach(app.services.resources.get('users'), request.params.id);
    return addSubscription(app.db, app.recordWrites, request.params.id, request.body, request.admin?.id ?? null);
  });
  app.delete('/plans/:id/cancel', { ...userRoute, config: { need: SUBSCRIPTIONS } }, async (request) => {
    await demandReach(app.services.resources.get('users'), request.params.id);
    return cancelSubscription(app.db, app.recordWrites, app.cardPayments, request.params.id);
  });
}
