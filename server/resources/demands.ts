import type { Db } from '../db/client.js';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { allDeclared } from '../db/repositories/engine/declaredRepository.js';
import { demandSearch, findDemandStatus, sheetsOfDemands } from '../db/repositories/directory/demandRepository.js';
import { columnOf } from '../db/repositories/engine/filterConditions.js';
import { books, demands, demandStatuses, demandTypes, users } from '../db/schema/index.js';
import { unprocessable, type FieldErrors } from '../http/errors.js';
import { declaredStore } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { INTEGER, nullable, objectOf, STRING } from '../../common/answerSchemas.js';

const ID_NAME = objectOf({ id: INTEGER, name: STRING });

export const DEMAND_MESSAGES = {
  stale: 'This request was changed by someone else since you opened it. Reload it to see their changes.',
  endBeforeStart: 'The demand end date must be a date after or equal to the demand date.',
  commentaryRequired: (status: string) => `The commentary field is required when the request status is ${status}.`,
} as const;

/**
 * The rules JSON Schema cannot say (reported with the unknown ids, 422 on the fields at fault): the
 * end date not before the request date, and the commentary its status requires (status 4, SPEC §5).
 */
async function requestRules(db: Db, _id: number | undefined, body: Record<string, unknown>): Promise<void> {
  const errors: FieldErrors = {};
  const end = body.demand_end_date;
  if (typeof end === 'string' && end !== '' && end < (body.demand_date as string)) errors.demand_end_date = [DEMAND_MESSAGES.endBeforeStart];
  const status = await findDemandStatus(db, body.demand_status_id as number);
  if (status?.requiresCommentary && !body.commentary) errors.commentary = [DEMAND_MESSAGES.commentaryRequired(status.name)];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/** A user's name as requests show it: the display name, else the first and last name. */
const displayName = (user: PgTable) =>
  sql<string>`coalesce(nullif(${columnOf(user, 'name')}, ''), trim(${columnOf(user, 'firstname')} || ' ' || ${columnOf(user, 'lastname')}))`;

/** A request's fields (SPEC §3 'Request'). */
const fields = {
  id: { column: 'id' },
  user_id: { column: 'userId' },
  book_id: { column: 'bookId', references: books },
  user: { relation: { one: users, key: 'userId', pick: { id: 'id', name: { sql: displayName, schema: STRING }, company: 'company', email: 'email' } } },
  book: {
    computed: 'the reading sheet: { id, original_title, authorList: [{ id, name }] }, null without one',
    schema: nullable(objectOf({ id: INTEGER, original_title: STRING, authorList: { type: 'array', items: ID_NAME } })),
    load: sheetsOfDemands,
    // The sheet named by book_id, kept as such.
    history: false,
  },
  demand_date: { column: 'demandDate' },
  demand_end_date: { column: 'demandEndDate' },
  demand_type_id: { column: 'demandTypeId' },
  demand_type: { relation: { one: demandTypes, key: 'demandTypeId', pick: { id: 'id', name: 'name' } } },
  demand_status_id: { column: 'demandStatusId' },
  demand_status: { relation: { one: demandStatuses, key: 'demandStatusId', pick: { id: 'id', name: 'name' } } },
  commentary: { column: 'commentary' },
  version: { column: 'version', history: false },
  created_at: { column: 'createdAt', writable: false, history: false },
  updated_at: { column: 'updatedAt', writable: false, history: false },
} as const satisfies CustomResourceDefinition['fields'];

/** Newest first: by request date, then by id. */
const NEWEST_FIRST = [
  { column: 'demandDate', desc: true },
  { column: 'id', desc: true },
] as const;

/** Requests as the store reads and writes them: newest first, by request date then id, behind a version lock. */
const DEMAND_STORE = declaredStore({
  table: demands,
  fields,
  order: NEWEST_FIRST,
  version: { field: 'version', stale: DEMAND_MESSAGES.stale },
  rules: { beforeSave: requestRules },
});

/** Every request made on sheet `bookId`, newest first (the sheet's `requestList`). */
export async function requestsOfSheet(db: Db, bookId: number): Promise<Record<string, unknown>[]> {
  return allDeclared(db, demands, fields, { where: eq(demands.bookId, bookId), order: NEWEST_FIRST });
}

/**
 * Requests (`admin/demands`, SPEC §3 'Request'): a subscriber's request on a reading sheet, its
 * dates, type, status and the staff's commentary. Listed newest first, searched by the words of
 * the user or the sheet (`name`), filtered by user, sheet, status and type. A save is the whole
 * request, status changes included; the panel sends the version it read, and a save based on an
 * older version is refused with 409 and writes nothing, so two staff changing one request never
 * silently overwrite each other (the reading sheet's rule, docs/reading-sheet-api.md). A save
 * without a version writes over.
 */
export const demandResource: CustomResourceDefinition = {
  api: 'demands',
  label: 'Request',
  screen: 'demands',
  table: demands,
  fields,
  filters: {
    // The header's search box (`name`, as on every list): words of the user's name, e-mail or company, or of the sheet's titles and authors.
    name: { op: 'derived', derived: demandSearch },
    user_id: { column: 'userId', op: 'in' },
    book_id: { column: 'bookId', op: 'in' },
    status: { column: 'demandStatusId', op: 'in', many: true },
    type: { column: 'demandTypeId', op: 'in', many: true },
  },
  store: DEMAND_STORE,
};
