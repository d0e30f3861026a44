import { subscriptionStateFilter, userSubscriptionState } from '../db/repositories/subscribers/subscriptionState.js';
import { currentSubscriptionsOf, fullnameOf, librariesOf, subscriptionHistoriesOf, userEmailTaken } from '../db/repositories/subscribers/userRepository.js';
import { countries, locales, plans, savedSearches, users } from '../db/schema/index.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { BOOLEAN, DATE_TIME, INTEGER, nullable, objectOf, STRING } from '../../common/answerSchemas.js';
import { SUBSCRIPTION_STATES } from '../../common/subscribers.js';

const USER_MESSAGES = { emailTaken: 'The email has already been taken.' } as const;

/**
 * Subscribers (`admin/users`): the front site's users. Created on the front site, so the panel
 * edits and deletes them only (the screen's permissions). A save writes the contact details and
 * never the VAT number (set by the front site's billing), the validation (`POST
 * admin/users/validate/{id}`), the credits (`POST admin/users/{id}/credits`) nor the connections.
 * Records carry the current subscription and its state, worked out by the server
 * (server/db/repositories/subscribers/subscriptionState.ts); the list filters by validation, subscription
 * state and plan, and searches names, e-mail and company. Deleting a user cancels an active
 * subscription tied to the card payment provider first (409/502 when it cannot), then deletes
 * everything that belongs to them.
 */
/** A subscription as a user record carries it (SPEC §3 'User'). */
const SUBSCRIPTION_FIELDS = {
  id: INTEGER,
  plan_id: INTEGER,
  role: STRING,
  start_date: { type: 'string', format: 'date' },
  subscription_end_at: nullable(DATE_TIME),
  canceled_at: nullable(DATE_TIME),
  provider_subscription_id: nullable(STRING),
  state: { enum: SUBSCRIPTION_STATES.filter((state) => state !== 'none') },
};
const SUBSCRIPTION_SUMMARY = objectOf(SUBSCRIPTION_FIELDS);
const SUBSCRIPTION = objectOf({ ...SUBSCRIPTION_FIELDS, amount: INTEGER, paid: BOOLEAN, commitment: INTEGER, state: { enum: [...SUBSCRIPTION_STATES] } });

const fields = {
  id: { column: 'id' },
  name: { column: 'name' },
  fullname: { computed: 'first name and last name', schema: STRING, compute: (record) => fullnameOf(record as { firstname: string; lastname: string }) },
  firstname: { column: 'firstname', returned: 'record' },
  lastname: { column: 'lastname', returned: 'record' },
  email: { column: 'email' },
  phone: { column: 'phone', returned: 'record' },
  job: { column: 'job', returned: 'record' },
  company: { column: 'company' },
  vat_number: { column: 'vatNumber', returned: 'record', writable: false },
  locale_id: { column: 'localeId', returned: 'record', references: locales },
  address: { column: 'address', returned: 'record' },
  additional_address: { column: 'additionalAddress', returned: 'record' },
  city: { column: 'city', returned: 'record' },
  postal_code: { column: 'postalCode', returned: 'record' },
  country_id: { column: 'countryId', returned: 'record', references: countries },
  is_accepted: { column: 'isAccepted', writable: false },
  credits: { column: 'credits', writable: false },
  number_connections: { column: 'numberConnections', writable: false, history: false },
  last_connection_date: { column: 'lastConnectionDate', writable: false, history: false },
  subscription_role: { relation: { one: plans, key: 'currentPlanId', value: 'role' } },
  subscription_state: {
    computed: 'none, active, canceled or ended (subscriptionState.ts)',
    schema: { enum: [...SUBSCRIPTION_STATES] },
    sql: userSubscriptionState,
  },
  subscription: {
    computed: 'the current subscription with its plan and state, null without one',
    schema: nullable(SUBSCRIPTION),
    load: currentSubscriptionsOf,
    returned: 'record',
    history: false,
  },
  plans: {
    computed: 'every subscription, newest first, with its plan and state',
    schema: { type: 'array', items: SUBSCRIPTION_SUMMARY },
    load: subscriptionHistoriesOf,
    returned: 'record',
  },
  libraries: {
    computed: 'the libraries with how many books each holds',
    schema: { type: 'array', items: objectOf({ id: INTEGER, name: STRING, books_count: INTEGER }) },
    load: librariesOf,
    returned: 'record',
    history: false,
  },
  searches: {
    relation: { list: savedSearches, by: 'userId', pick: { id: 'id', title: 'title', created_at: 'createdAt' } },
    returned: 'record',
    history: false,
  },
} as const satisfies CustomResourceDefinition['fields'];

/** The search text of a user: names, display name, e-mail and company. */
export const userSearchText = searchOf('firstname', 'lastname', 'name', 'email', 'company');

export const userResource: CustomResourceDefinition = {
  api: 'users',
  label: 'User',
  screen: 'users',
  table: users,
  fields,
  // Validated and invalidated by `POST admin/users/validate/{id}` (its revision, its message), never by the save.
  actionFields: ['is_accepted'],
  filters: {
    name: { column: 'searchText', op: 'search', words: true },
    is_accepted: { column: 'isAccepted', op: 'boolean' },
    subscription_state: { op: 'derived', derived: subscriptionStateFilter, many: true },
    plan_id: { column: 'currentPlanId', op: 'in', many: true },
  },
  store: declaredStore({
    table: users,
    fields,
    searchText: userSearchText,
    rules: {
      /** Rule: the e-mail is unique whatever its case. (Users are created on the front site: the screen allows no create.) */
      async beforeSave(db, id, body) {
        if (await userEmailTaken(db, String(body.email), id!)) throw unprocessable({ email: [USER_MESSAGES.emailTaken] });
      },
      unique: { field: 'email', message: USER_MESSAGES.emailTaken },
      /** Rule: an active subscription tied to the card payment provider is cancelled there first (409/502 when it cannot). */
      async beforeDelete(db, id, context) {
        await context.cancelSubscriptionOf(db, id);
      },
    },
  }),
};
