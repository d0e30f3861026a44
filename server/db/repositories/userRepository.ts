import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { searchNormal } from '../../../common/locales.js';
import type { Paging } from '../paging.js';
import type { Db } from '../client.js';
import { libraries, plans, savedSearches, subscriptions, users } from '../schema/index.js';
import { countOf } from './directoryRepository.js';
import { subscriptionHistory, type SubscriptionRecord, type SubscriptionSummary } from './subscriptionRepository.js';
import { userSubscriptionState, type SubscriptionState } from './subscriptionState.js';

/** The columns a user save writes (the VAT number, validation, credits and connections are not among them). */
export type UserValues = Pick<
  typeof users.$inferInsert,
  'name' | 'firstname' | 'lastname' | 'email' | 'phone' | 'job' | 'company' | 'localeId' | 'address' | 'additionalAddress' | 'city' | 'postalCode' | 'countryId'
>;

/** A row of the users list. */
export type UserListItem = {
  id: number;
  name: string | null;
  fullname: string;
  email: string;
  company: string | null;
  is_accepted: boolean;
  credits: number;
  subscription_role: string | null;
  subscription_state: SubscriptionState;
  number_connections: number;
  last_connection_date: Date | null;
};

/** A user as `GET admin/users/{id}` sends it. */
export type UserRecord = UserListItem & {
  firstname: string;
  lastname: string;
  phone: string | null;
  job: string | null;
  vat_number: string | null;
  locale_id: number | null;
  address: string | null;
  additional_address: string | null;
  city: string | null;
  postal_code: string | null;
  country_id: number | null;
  /** The current subscription, null when none. */
  subscription: SubscriptionRecord | null;
  /** Every subscription, newest first (the current one included). */
  plans: SubscriptionSummary[];
  /** The user's libraries (their books: `GET admin/users/libraries/{id}`). */
  libraries: { id: number; name: string; books_count: number }[];
  /** The user's saved searches (their filters: `GET admin/users/searches/{id}`). */
  searches: { id: number; title: string; created_at: Date }[];
};

const current = alias(subscriptions, 'current_subscription');
const currentPlan = alias(plans, 'current_plan');

const listSelection = { user: users, role: currentPlan.role, state: userSubscriptionState };
const recordSelection = { ...listSelection, subscription: current, amount: currentPlan.amount };
type Selected = { user: typeof users.$inferSelect; role: string | null; state: SubscriptionState };
type RecordSelected = Selected & { subscription: typeof subscriptions.$inferSelect | null; amount: number | null };

/** Users with their current plan (a left join on a small table: one row per user). */
const selectUsers = (db: Db) => db.select(listSelection).from(users).leftJoin(currentPlan, eq(currentPlan.id, users.currentPlanId)).$dynamic();

/** First name and last name, for lists and pickers. */
export const fullnameOf = (user: { firstname: string; lastname: string }) => `${user.firstname} ${user.lastname}`.trim();

function toListItem({ user: u, role, state }: Selected): UserListItem {
  return {
    id: u.id,
    name: u.name,
    fullname: fullnameOf(u),
    email: u.email,
    company: u.company,
    is_accepted: u.isAccepted,
    credits: u.credits,
    subscription_role: role,
    subscription_state: state,
    number_connections: u.numberConnections,
    last_connection_date: u.lastConnectionDate,
  };
}

/** The search text of a user: display name, names, e-mail and company, normalised. */
export const userSearchText = (values: Pick<UserValues, 'name' | 'firstname' | 'lastname' | 'email' | 'company'>) =>
  searchNormal([values.firstname, values.lastname, values.name, values.email, values.company].filter(Boolean).join(' '));

/**
 * One page of users by id, matching `where` (the list's declared filters). The count reads `users`
 * alone: the subscription's state and plan are on the user row (migration 0007).
 */
export async function listUsers(db: Db, options: { where: SQL | undefined; paging: Paging }): Promise<{ rows: UserListItem[]; total: number }> {
  const { where } = options;
  const rows = await selectUsers(db).where(where).orderBy(asc(users.id)).limit(options.paging.perPage).offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows: (rows as Selected[]).map(toListItem), total: total?.value ?? 0 };
}

/** Whether user `id` exists. */
export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** One user with their subscriptions, libraries and saved searches, as the API sends it. */
export async function findUserRecord(db: Db, id: number): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(recordSelection)
    .from(users)
    .leftJoin(current, eq(current.id, users.currentSubscriptionId))
    .leftJoin(currentPlan, eq(currentPlan.id, users.currentPlanId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  const { user: u, subscription: s, amount } = row as RecordSelected;
  const [history, userLibraries, searches] = await Promise.all([
    subscriptionHistory(db, id),
    db
      .select({ id: libraries.id, name: libraries.name, books_count: countOf(sql`select count(*) from library_books lb where lb.library_id = ${libraries.id}`) })
      .from(libraries)
      .where(eq(libraries.userId, id))
      .orderBy(asc(libraries.id)),
    db
      .select({ id: savedSearches.id, title: savedSearches.title, created_at: savedSearches.createdAt })
      .from(savedSearches)
      .where(eq(savedSearches.userId, id))
      .orderBy(asc(savedSearches.id)),
  ]);
  const item = toListItem(row as Selected);
  return {
    ...item,
    firstname: u.firstname,
    lastname: u.lastname,
    phone: u.phone,
    job: u.job,
    vat_number: u.vatNumber,
    locale_id: u.localeId,
    address: u.address,
    additional_address: u.additionalAddress,
    city: u.city,
    postal_code: u.postalCode,
    country_id: u.countryId,
    subscription: s
      ? {
          id: s.id,
          plan_id: s.planId,
          role: item.subscription_role ?? '',
          amount: amount ?? 0,
          paid: s.paid,
          commitment: s.commitment,
          start_date: s.startDate,
          subscription_end_at: s.subscriptionEndAt,
          canceled_at: s.canceledAt,
          provider_subscription_id: s.providerSubscriptionId,
          state: item.subscription_state,
        }
      : null,
    plans: history,
    libraries: userLibraries,
    searches,
  };
}

/** True when another user (not `exceptId`) has this e-mail, whatever its case. */
export async function userEmailTaken(db: Db, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Updates a user's editable columns and search text; false when no such user. */
export async function updateUser(db: Db, id: number, values: UserValues): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, searchText: userSearchText(values), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sets whether a user is validated; false when no such user. */
export async function setUserAccepted(db: Db, id: number, accepted: boolean): Promise<boolean> {
  const rows = await db.update(users).set({ isAccepted: accepted, updatedAt: new Date() }).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes a user and, by cascade, everything that belongs to them; false when no such user. */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  return (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
}

/** Locks a user's row for the rest of the transaction (subscription and credit changes); undefined when unknown. */
export async function lockUser(db: Db, id: number): Promise<{ id: number; credits: number } | undefined> {
  const [row] = await db.select({ id: users.id, credits: users.credits }).from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** A user picker's entry. */
export type UserOption = { id: number; name: string; fullname: string; email: string };

/**
 * One page of user options (`GET admin/users/user-options-list`): users matching the search
 * (names, e-mail, company), the `ids` given first (a picker's chosen users, whatever the search),
 * then by id.
 */
export async function listUserOptions(db: Db, options: { search: SQL | undefined; ids: readonly number[]; paging: Paging }): Promise<{ rows: UserOption[]; total: number }> {
  const chosen = options.ids.length
    ? sql`${users.id} in (${sql.join(
        options.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : undefined;
  const where = chosen && options.search ? sql`(${options.search} or ${chosen})` : options.search;
  const rows = await db
    .select({ id: users.id, name: users.name, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(where)
    .orderBy(...(chosen ? [sql`(${chosen}) desc`] : []), asc(users.id))
    .limit(options.paging.perPage)
    .offset(options.paging.offset);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return {
    rows: rows.map((row) => ({ id: row.id, name: row.name || fullnameOf(row), fullname: fullnameOf(row), email: row.email })),
    total: total?.value ?? 0,
  };
}
