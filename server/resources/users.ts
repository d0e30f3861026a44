import { idOrNull, textOrNull } from '../db/repositories/directoryRepository.js';
import { subscriptionStateFilter } from '../db/repositories/subscriptionState.js';
import { deleteUser, findUserRecord, listUsers, updateUser, userEmailTaken } from '../db/repositories/userRepository.js';
import { pgErrorCode, PG_ERRORS } from '../db/errors.js';
import { countries, locales, users } from '../db/schema/index.js';
import { unprocessable } from '../http/errors.js';
import { checkReferences } from './directory.js';
import type { CustomResourceDefinition } from './types.js';

export const USER_MESSAGES = { emailTaken: 'The email has already been taken.' } as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Subscribers (`admin/users`): the front site's users. Created on the front site, so the panel
 * edits and deletes them only (the screen's permissions). A save writes the contact details and
 * never the VAT number (set by the front site's billing), the validation (`POST
 * admin/users/validate/{id}`), the credits (`POST admin/users/{id}/credits`) nor the connections.
 * Records carry the current subscription and its state, worked out by the server
 * (server/db/repositories/subscriptionState.ts); the list filters by validation, subscription
 * state and plan, and searches names, e-mail and company. Deleting a user cancels an active
 * subscription tied to the card payment provider first (409/502 when it cannot), then deletes
 * everything that belongs to them.
 */
export const userResource: CustomResourceDefinition = {
  api: 'users',
  label: 'User',
  screen: 'users',
  table: users,
  fields: {
    id: { column: 'id' },
    name: { column: 'name' },
    fullname: { computed: 'first name and last name' },
    firstname: { column: 'firstname', returned: 'record' },
    lastname: { column: 'lastname', returned: 'record' },
    email: { column: 'email' },
    phone: { column: 'phone', returned: 'record' },
    job: { column: 'job', returned: 'record' },
    company: { column: 'company' },
    vat_number: { column: 'vatNumber', returned: 'record', writable: false },
    locale_id: { column: 'localeId', returned: 'record' },
    address: { column: 'address', returned: 'record' },
    additional_address: { column: 'additionalAddress', returned: 'record' },
    city: { column: 'city', returned: 'record' },
    postal_code: { column: 'postalCode', returned: 'record' },
    country_id: { column: 'countryId', returned: 'record' },
    is_accepted: { column: 'isAccepted', writable: false },
    credits: { column: 'credits', writable: false },
    number_connections: { column: 'numberConnections', writable: false },
    last_connection_date: { column: 'lastConnectionDate', writable: false },
    subscription_role: { relation: "plans.role of the current subscription, null without one" },
    subscription_state: { computed: 'none, active, canceled or ended (subscriptionState.ts)' },
    subscription: {
      relation:
        'the current subscription: { id, plan_id, role, amount, paid, commitment, start_date, subscription_end_at, canceled_at, provider_subscription_id, state }, null without one',
      returned: 'record',
    },
    plans: { relation: 'every subscription, newest first: { id, plan_id, role, start_date, subscription_end_at, canceled_at, provider_subscription_id, state }', returned: 'record' },
    libraries: { relation: 'the libraries: { id, name, books_count }', returned: 'record' },
    searches: { relation: 'the saved searches: { id, title, created_at }', returned: 'record' },
  },
  filters: {
    name: { column: 'searchText', op: 'search', words: true },
    is_accepted: { column: 'isAccepted', op: 'boolean' },
    subscription_state: { op: 'derived', derived: subscriptionStateFilter, many: true },
    plan_id: { column: 'currentPlanId', op: 'in', many: true },
  },
  store: {
    list: (db, query) => listUsers(db, { where: query.where, paging: query }),
    find: findUserRecord,
    async save(db, id, body) {
      // Users are created on the front site: the screen allows no create, so `id` is always set.
      const userId = id!;
      const localeId = idOrNull(body.locale_id);
      const countryId = idOrNull(body.country_id);
      await checkReferences(db, [
        ['locale_id', locales, localeId],
        ['country_id', countries, countryId],
      ]);
      const email = text(body.email);
      if (await userEmailTaken(db, email, userId)) throw unprocessable({ email: [USER_MESSAGES.emailTaken] });
      try {
        await updateUser(db, userId, {
          name: textOrNull(body.name),
          firstname: text(body.firstname),
          lastname: text(body.lastname),
          email,
          phone: textOrNull(body.phone),
          job: textOrNull(body.job),
          company: textOrNull(body.company),
          localeId,
          address: textOrNull(body.address),
          additionalAddress: textOrNull(body.additional_address),
          city: textOrNull(body.city),
          postalCode: textOrNull(body.postal_code),
          countryId,
        });
      } catch (error) {
        // Two saves racing for one e-mail: the unique index decides.
        if (pgErrorCode(error) === PG_ERRORS.uniqueViolation) throw unprocessable({ email: [USER_MESSAGES.emailTaken] });
        throw error;
      }
      return (await findUserRecord(db, userId))!;
    },
    async remove(db, id, context) {
      await context.cancelSubscriptionOf(db, id);
      return deleteUser(db, id);
    },
  },
};
