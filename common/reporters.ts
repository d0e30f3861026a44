import type { Locale } from './locales.js';

/** The four text categories of a reporter, in the order the save screen shows them. */
export const REPORTER_TEXT_TYPES = ['rights', 'alerts', 'buzz', 'news'] as const;
export type ReporterTextType = (typeof REPORTER_TEXT_TYPES)[number];

/** One text block of a reporter (SPEC §3 'Reporter'). */
export type ReporterText = { id: number; text: string; textType: ReporterTextType };

/**
 * A reporter as `GET admin/reporters` lists it: its title, expected publication date (yyyy-MM-dd),
 * status, and the users (full names) and user groups (plans: essential, premium, vip) it targets.
 */
type ReporterListItem = {
  id: number;
  title: string;
  date: string;
  reporterStatusId: number;
  reporterStatus: { id: number; name: string };
  reporterUsers: { id: number; fullname: string }[];
  reporterUserRoles: { id: number; name: string }[];
};

/**
 * A reporter as `GET admin/reporters/{id}?lang=` and its saves answer it: the list's fields, the
 * language of the texts it carries, and those texts by category, in order. Timestamps are `Date`
 * on the server and ISO strings once sent: the `D` parameter.
 */
export type ReporterRecord<D = string> = ReporterListItem & {
  lang: Locale;
  reporterTextsData: Record<ReporterTextType, ReporterText[]>;
  created_at: D;
  updated_at: D;
};

/** A book of a reporter's booklist: its original title and its title in the language asked, with its authors. */
export type ReporterBook = { id: number; original_title: string; title: string; authors: string };

/**
 * `GET admin/reporters/{id}/books`: the booklist grouped by the books' primary genre (`id` and
 * `title` null for books without one, listed last), groups by title, books in the reporter's order.
 */
export type ReporterBookGroup = { id: number | null; title: string | null; books: ReporterBook[] };
