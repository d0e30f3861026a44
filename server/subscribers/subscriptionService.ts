import { MAX_CREDITS } from '../../common/subscribers.js';
import type { Db } from '../db/client.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import { moveCredits } from '../db/repositories/subscribers/creditRepository.js';
import { findPlan } from '../db/repositories/subscribers/planRepository.js';
import {
  currentSubscription,
  insertSubscription,
  markSubscriptionCanceled,
  type CurrentSubscription,
} from '../db/repositories/subscribers/subscriptionRepository.js';
import { lockUser, setUserAccepted, userExists } from '../db/repositories/subscribers/userRepository.js';
import { userResource } from '../resources/users.js';
import { recordSchema } from '../engine/recordSchemas.js';
import { users } from '../db/schema/index.js';
import { responses, savedAnswer } from '../../common/answerSchemas.js';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.js';
import { CardPaymentError, CardPaymentNotConfiguredError, type CardPaymentProvider } from '../payments/CardPaymentProvider.js';
import { actionBody, type FieldWords } from '../engine/actionBody.js';
import { parseId } from '../engine/resourceService.js';

/** The answers of a user's actions (validation, credits, subscriptions): the user record, as `GET admin/users/{id}` answers it. */
export const USER_ACTION_ANSWER = responses(savedAnswer(recordSchema(users, userResource.fields, 'record')));

/** The messages of the subscription rules (docs/api.md, 'Users and subscriptions'). */
export const SUBSCRIPTION_MESSAGES = {
  userNotFound: 'User not found',
  added: 'Subscription added',
  canceled: 'Subscription canceled',
  creditsUpdated: 'Credits updated',
  validated: 'User validation succeed',
  invalidated: 'User invalidation succeed',
  endBeforeStart: 'The end date must be a date after the start date.',
  startBeforeCurrent: (start: string) => `The start date must not be before the start of the current subscription (${start}).`,
  planInvalid: 'This plan no longer exists: choose another one',
  addWhileActive: 'This user already has an active subscription: cancel it before adding another.',
  addWhileEnded: 'User subscription is no longer valid: a subscription can be added only when the user has none or when it was canceled.',
  creditsWithoutSubscription: 'No subscription yet: credits can be managed once the user has a subscription.',
  cancelWithout: 'No subscription yet: there is nothing to cancel.',
  cancelCanceled: 'User subscription is canceled: it cannot be canceled again.',
  cancelEnded: 'User subscription is no longer valid: only an active subscription can be canceled.',
  providerRefused: (message: string) => `The card payment provider could not cancel the subscription: ${message}`,
} as const;

const date = { type: 'string', format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const credits = { type: 'integer', minimum: 0, maximum: MAX_CREDITS } as const;

/** Body of `POST admin/plans/{userid}`: dates yyyy-MM-dd; `credits` defaults to the plan's. */
export const ADD_SUBSCRIPTION_BODY = {
  type: 'object',
  required: ['plan_id', 'start_date', 'end_date'],
  properties: { plan_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, start_date: date, end_date: date, credits },
} as const;

/** Body of `POST admin/users/{userid}/credits`: the new balance, a whole number. */
export const CREDITS_BODY = { type: 'object', required: ['credits'], properties: { credits } } as const;

/** Body of `POST admin/users/validate/{id}`: true (or 1) validates, false (or 0) invalidates. */
export const VALIDATE_BODY = { type: 'object', required: ['is_accepted'], properties: { is_accepted: { enum: [true, false, 1, 0] } } } as const;

/** The credits' refusals, in the words of the 'Add subscription' and 'Manage credits' dialogs. */
const CREDITS_WORDS: FieldWords = {
  missing: 'Credits must be a whole number',
  bounds: `Credits must be a whole number from 0 to ${MAX_CREDITS.toLocaleString('en')}`,
};

/** The refusals of the 'Add subscription' dialog in its words: what to choose or give. */
const ADD_SUBSCRIPTION_WORDS: Readonly<Record<string, FieldWords>> = {
  plan_id: { missing: 'Choose a plan', invalid: 'Choose one of the plans offered' },
  start_date: { missing: 'Give a start date', invalid: 'Give the start date as a day (yyyy-mm-dd)' },
  end_date: { missing: 'Give an end date', invalid: 'Give the end date as a day (yyyy-mm-dd)' },
  credits: CREDITS_WORDS,
};

const readAddBody = actionBody<{ plan_id: number; start_date: string; end_date: string; credits?: number }>(ADD_SUBSCRIPTION_BODY, {
  words: ADD_SUBSCRIPTION_WORDS,
});
const readCreditsBody = actionBody<{ credits: number }>(CREDITS_BODY, { words: { credits: CREDITS_WORDS } });
const readValidateBody = actionBody<{ is_accepted: boolean | 0 | 1 }>(VALIDATE_BODY);

/** The user's id from the path, 404 when it is no id or no user. */
async function existingUser(db: Db, rawId: string): Promise<number> {
  const id = parseId(rawId);
  if (id === undefined || !(await userExists(db, id))) throw notFound('User');
  return id;
}

/** A user action's answer: its message and the user as `GET admin/users/{id}` sends it. */
export type UserActionResult = { message: string; data: Record<string, unknown> };

/** A change of a user's record (its subscriptions, credits, validation), through the one write path. */
const writeUser = (writes: RecordWrites, userId: number, run: (tx: Db) => Promise<unknown>) =>
  writes.write({
    resource: userResource.api,
    action: 'update',
    id: userId,
    run: async (tx) => {
      await run(tx);
      return { id: userId, result: undefined };
    },
  });

const answer = async (db: Db, id: number, message: string): Promise<UserActionResult> => ({ message, data: (await userResource.store.find(db, id))! });

/**
 * `POST admin/plans/{userid}`: subscribes the user to a plan from `start_date` to `end_date`
 * (inclusive), copying the plan's `paid` and `commitment`, and adds `credits` (the plan's by
 * default) to the balance with a 'plan' movement, all in one transaction. Allowed only when the
 * user has no subscription or a canceled one (409 otherwise); the new one must not start before
 * the current one, or it would not become current (422 on `start_date`).
 */
export async function addSubscription(
  db: Db,
  writes: RecordWrites,
  rawUserId: string,
  body: unknown,
  administratorId: number | null,
): Promise<UserActionResult> {
  const userId = await existingUser(db, rawUserId);
  const input = readAddBody(body);
  if (input.end_date <= input.start_date) throw unprocessable({ end_date: [SUBSCRIPTION_MESSAGES.endBeforeStart] });
  const plan = await findPlan(db, input.plan_id);
  if (!plan) throw unprocessable({ plan_id: [SUBSCRIPTION_MESSAGES.planInvalid] });
  await writeUser(writes, userId, async (tx) => {
    await lockUser(tx, userId);
    const current = await currentSubscription(tx, userId);
    if (current?.state === 'active') throw conflict(SUBSCRIPTION_MESSAGES.addWhileActive);
    if (current?.state === 'ended') throw conflict(SUBSCRIPTION_MESSAGES.addWhileEnded);
    if (current && input.start_date < current.startDate) throw unprocessable({ start_date: [SUBSCRIPTION_MESSAGES.startBeforeCurrent(current.startDate)] });
    await insertSubscription(tx, {
      userId,
      planId: plan.id,
      paid: plan.paid,
      commitment: plan.commitment,
      startDate: input.start_date,
      // The end date as its day's start (UTC): the state compares days (subscriptionState.ts).
      subscriptionEndAt: new Date(`${input.end_date}T00:00:00Z`),
    });
    const granted = input.credits ?? plan.credits;
    if (granted > 0) await moveCredits(tx, { userId, amount: granted, reason: 'plan', administratorId });
  });
  return answer(db, userId, SUBSCRIPTION_MESSAGES.added);
}

/** Cancels a subscription at the card payment provider; its refusals as the API answers them (nothing changed). */
async function cancelAtProvider(provider: CardPaymentProvider, providerSubscriptionId: string): Promise<void> {
  try {
    await provider.cancelSubscription(providerSubscriptionId);
  } catch (error) {
    if (error instanceof CardPaymentNotConfiguredError) throw conflict(error.message);
    // 502: the provider, not the request, failed; staff read the provider's own words.
    if (error instanceof CardPaymentError) throw new HttpError(502, SUBSCRIPTION_MESSAGES.providerRefused(error.message));
    throw error;
  }
}

/** The 409 of a cancel refused by the current state; nothing when the subscription is active. */
function refuseCancel(current: CurrentSubscription | undefined): void {
  if (!current) throw conflict(SUBSCRIPTION_MESSAGES.cancelWithout);
  if (current.state === 'canceled') throw conflict(SUBSCRIPTION_MESSAGES.cancelCanceled);
  if (current.state === 'ended') throw conflict(SUBSCRIPTION_MESSAGES.cancelEnded);
}

/**
 * `DELETE admin/plans/{userid}/cancel`: cancels the user's active subscription. One tied to the
 * card payment provider is cancelled there first, outside any transaction (a network call holds
 * no lock); only once the provider has accepted is ours marked canceled, in a transaction. A
 * provider failure or a missing key leaves our subscription as it was (502 or 409).
 */
export async function cancelSubscription(db: Db, writes: RecordWrites, provider: CardPaymentProvider, rawUserId: string): Promise<UserActionResult> {
  const userId = await existingUser(db, rawUserId);
  const current = await currentSubscription(db, userId);
  refuseCancel(current);
  if (current!.providerSubscriptionId) await cancelAtProvider(provider, current!.providerSubscriptionId);
  await writeUser(writes, userId, async (tx) => {
    await lockUser(tx, userId);
    // A cancel that raced this one has already set canceled_at: the row is left as it is.
    await markSubscriptionCanceled(tx, current!.id, new Date());
  });
  return answer(db, userId, SUBSCRIPTION_MESSAGES.canceled);
}

/**
 * Before a user is deleted: an active subscription tied to the card payment provider is cancelled
 * there, so the provider does not go on charging a deleted subscriber (refusals as for a cancel).
 */
export async function cancelBeforeDelete(db: Db, provider: CardPaymentProvider, userId: number): Promise<void> {
  const current = await currentSubscription(db, userId);
  if (current?.state === 'active' && current.providerSubscriptionId) await cancelAtProvider(provider, current.providerSubscriptionId);
}

/**
 * `POST admin/users/{userid}/credits`: sets the balance to `credits` (a whole number), recording
 * the change with the administrator who made it, in one transaction. Only when the user has a
 * subscription, whatever its state (409 otherwise). An unchanged balance records nothing.
 */
export async function setCredits(db: Db, writes: RecordWrites, rawUserId: string, body: unknown, administratorId: number | null): Promise<UserActionResult> {
  const userId = await existingUser(db, rawUserId);
  const input = readCreditsBody(body);
  await writeUser(writes, userId, async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user) throw notFound('User');
    if (!(await currentSubscription(tx, userId))) throw conflict(SUBSCRIPTION_MESSAGES.creditsWithoutSubscription);
    const amount = input.credits - user.credits;
    if (amount !== 0) await moveCredits(tx, { userId, amount, reason: 'manual', administratorId });
  });
  return answer(db, userId, SUBSCRIPTION_MESSAGES.creditsUpdated);
}

/** `POST admin/users/validate/{id}`: validates or invalidates a user (SPEC §4 'User validation'). */
export async function validateUser(db: Db, writes: RecordWrites, rawUserId: string, body: unknown): Promise<UserActionResult> {
  const userId = await existingUser(db, rawUserId);
  const accepted = Boolean(readValidateBody(body).is_accepted);
  await writeUser(writes, userId, (tx) => setUserAccepted(tx, userId, accepted));
  return answer(db, userId, accepted ? SUBSCRIPTION_MESSAGES.validated : SUBSCRIPTION_MESSAGES.invalidated);
}
