import type { RecordActionRequest } from '../../engine/form/useRecordAction';

/** The user record's fields a subscription action changes: the form takes them from its answer. */
const SUBSCRIPTION_FIELDS = ['credits', 'subscription', 'plans', 'subscription_state', 'subscription_role'] as const;

/** The subscription actions on a user (SPEC §7), as record actions. */
export const subscriptionCalls = {
  /** `POST admin/plans/{userid}`: adds a subscription; its credits go to the balance. */
  add: (userId: string | number, body: { plan_id: number | null; start_date: string; end_date: string; credits: number | null }): RecordActionRequest => ({
    method: 'post',
    path: `plans/${userId}`,
    body,
    applies: SUBSCRIPTION_FIELDS,
  }),
  /** `POST admin/users/{userid}/credits`: sets the balance (the change goes to the credit history). */
  setCredits: (userId: string | number, credits: number | null): RecordActionRequest => ({
    method: 'post',
    path: `users/${userId}/credits`,
    body: { credits },
    applies: SUBSCRIPTION_FIELDS,
  }),
  /** `DELETE admin/plans/{userid}/cancel`: cancels the current subscription (at the card payment provider first when tied to it). */
  cancel: (userId: string | number): RecordActionRequest => ({ method: 'delete', path: `plans/${userId}/cancel`, applies: SUBSCRIPTION_FIELDS }),
};

/** The path of a user's credit history (`GET admin/users/{userid}/credits`). */
export const creditHistoryPath = (userId: string | number) => `users/${userId}/credits`;
