/**
 * The subscribers' wire shapes (SPEC §3 'User', 'Plan', 'Library', 'Saved search'): the server
 * builds them (server/db/repositories, server/subscribers/userActivityService.ts), the user screen
 * reads them (src/widgets/subscriptionPanel, savedSearches, userLibraries). Timestamps are `Date`
 * on the server and ISO strings once sent: the `D` parameter.
 */

/** Most credits a balance or a subscription may hold (the server's bound; the panel's credits fields say it). */
export const MAX_CREDITS = 1_000_000;

/**
 * A user's subscription state (SPEC §4): `none` (no subscription), `active`, `canceled`
 * (`canceled_at` set) and `ended` (its end date is past). The server works it out
 * (server/db/repositories/subscribers/subscriptionState.ts).
 */
export const SUBSCRIPTION_STATES = ['none', 'active', 'canceled', 'ended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Filter categories of a saved search, in the order the user's search tab shows them (SPEC §2 'Users'). */
export const SAVED_FILTER_CATEGORIES = [
  'author',
  'genre',
  'country',
  'thematic',
  'place',
  'period',
  'time',
  'audience',
  'language',
  'category',
  'format',
] as const;
export type SavedFilterCategory = (typeof SAVED_FILTER_CATEGORIES)[number];
/** Each category's name where the server names it (the dashboard's criteria); the user screen's labels say the same. */
export const SAVED_FILTER_CATEGORY_NAMES: Record<SavedFilterCategory, string> = {
  author: 'Author',
  genre: 'Genre',
  country: 'Country',
  thematic: 'Thematic',
  place: 'Location',
  period: 'Period',
  time: 'Time',
  audience: 'Audience',
  language: 'Language',
  category: 'Category',
  format: 'Format',
};

/** The current subscription as the user record carries it (`subscription`). */
export type SubscriptionRecord<D = string> = {
  id: number;
  plan_id: number;
  /** The plan's name: essential, premium or vip. */
  role: string;
  /** The plan's price in cents (EUR). */
  amount: number;
  paid: boolean;
  /** Months, copied from the plan when subscribing. */
  commitment: number;
  /** yyyy-MM-dd. */
  start_date: string;
  subscription_end_at: D | null;
  canceled_at: D | null;
  /** The card payment provider's subscription id, when it is tied to it. */
  provider_subscription_id: string | null;
  state: SubscriptionState;
};

/** One subscription of a user's history (`plans` of the user record), newest first. */
export type SubscriptionSummary<D = string> = Pick<
  SubscriptionRecord<D>,
  'id' | 'plan_id' | 'role' | 'start_date' | 'subscription_end_at' | 'canceled_at' | 'provider_subscription_id'
> & {
  /** The state this subscription would give the user if it were the current one. */
  state: Exclude<SubscriptionState, 'none'>;
};

/** A plan (`GET admin/plans`): `amount` in cents, `commitment` in months, the `credits` a new subscription adds. */
export type PlanRecord = { id: number; role: string; name: string; amount: number; commitment: number; paid: boolean; credits: number };

/** One row of a user's credit history (`GET admin/users/{id}/credits`). */
export type CreditMovementRecord<D = string> = {
  id: number;
  created_at: D;
  /** The change, signed. */
  amount: number;
  /** The balance after it. */
  balance: number;
  /** `plan` (a new subscription's credits), `manual` (staff) or `request` (spent on a request). */
  reason: string;
  administrator_id: number | null;
  /** Who made it: the administrator's name, null for the front site's movements or a deleted administrator. */
  administrator_name: string | null;
};

/** A book of a user's library. */
export type LibraryBook = { id: number; original_title: string; authorList: { id: number; name: string }[] };
/** A user's library with its books (`GET admin/users/libraries/{id}`). */
export type LibraryRecord = { id: number; name: string; books: LibraryBook[] };

/** A saved search as the user's search tab shows it (`GET admin/users/searches/{id}`). */
export type SavedSearchView<D = string> = {
  id: number;
  title: string;
  text_search: string | null;
  created_at: D;
  /** The chosen ids per category, as saved. */
  saved_filters: Partial<Record<SavedFilterCategory, number[]>>;
  /** The same filters written as text per category (names joined by ', '), in the requested locale; empty categories left out. */
  filter_texts: Partial<Record<SavedFilterCategory, string>>;
  /** Minimum stars per rating type, with the rating's name. */
  ratingsFilter: { id: string; name: string; rate: number }[];
};
