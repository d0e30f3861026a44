import type { Db } from '../db/client.js';
import { deleteDemand, demandSearch, findDemandRecord, findDemandStatus, insertDemand, listDemands, lockDemand, updateDemand, type DemandValues } from '../db/repositories/demandRepository.js';
import { idOrNull, textOrNull } from '../db/repositories/directoryRepository.js';
import { books, demands, demandStatuses, demandTypes, users } from '../db/schema/index.js';
import { conflict, HttpError, unprocessable, type FieldErrors } from '../http/errors.js';
import { checkReferences } from './directory.js';
import type { CustomResourceDefinition } from './types.js';
import { INTEGER, nullable, objectOf, STRING } from '../../common/answerSchemas.js';

const ID_NAME = objectOf({ id: INTEGER, name: STRING });

export const DEMAND_MESSAGES = {
  stale: 'This request was changed by someone else since you opened it. Reload it to see their changes.',
  endBeforeStart: 'The demand end date must be a date after or equal to the demand date.',
  commentaryRequired: (status: string) => `The commentary field is required when the request status is ${status}.`,
} as const;

/** The columns a validated body writes (the form schema has checked types, formats and required fields). */
function valuesOf(body: Record<string, unknown>): DemandValues {
  return {
    userId: body.user_id as number,
    bookId: idOrNull(body.book_id),
    demandDate: body.demand_date as string,
    demandEndDate: textOrNull(body.demand_end_date),
    demandTypeId: body.demand_type_id as number,
    demandStatusId: body.demand_status_id as number,
    commentary: textOrNull(body.commentary),
  };
}

/**
 * The rules JSON Schema cannot say, all reported at once (422 on the fields at fault): the end
 * date not before the request date, the commentary its status requires (status 4, SPEC §5), and
 * every id naming an existing record ('The selected … is invalid.').
 */
async function checkRules(db: Db, values: DemandValues): Promise<void> {
  const errors: FieldErrors = {};
  if (values.demandEndDate !== null && values.demandEndDate !== undefined && values.demandEndDate < values.demandDate!) {
    errors.demand_end_date = [DEMAND_MESSAGES.endBeforeStart];
  }
  const status = await findDemandStatus(db, values.demandStatusId);
  if (status?.requiresCommentary && !values.commentary) errors.commentary = [DEMAND_MESSAGES.commentaryRequired(status.name)];
  try {
    await checkReferences(db, [
      ['book_id', books, values.bookId ?? null],
      ['user_id', users, values.userId],
      ['demand_type_id', demandTypes, values.demandTypeId],
      ['demand_status_id', demandStatuses, values.demandStatusId],
    ]);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    Object.assign(errors, error.errors);
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
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
  fields: {
    id: { column: 'id' },
    user_id: { column: 'userId' },
    book_id: { column: 'bookId' },
    user: { relation: 'the user: { id, name (display name, else first and last name), company, email }', schema: objectOf({ id: INTEGER, name: STRING, company: nullable(STRING), email: STRING }), writable: false },
    book: {
      relation: 'the reading sheet: { id, original_title, authorList: [{ id, name }] }, null without one',
      schema: nullable(objectOf({ id: INTEGER, original_title: STRING, authorList: { type: 'array', items: ID_NAME } })),
      writable: false,
    },
    demand_date: { column: 'demandDate' },
    demand_end_date: { column: 'demandEndDate' },
    demand_type_id: { column: 'demandTypeId' },
    demand_type: { relation: 'the type: { id, name }', schema: ID_NAME, writable: false },
    demand_status_id: { column: 'demandStatusId' },
    demand_status: { relation: 'the status: { id, name }', schema: ID_NAME, writable: false },
    commentary: { column: 'commentary' },
    version: { column: 'version' },
    created_at: { column: 'createdAt', writable: false },
    updated_at: { column: 'updatedAt', writable: false },
  },
  filters: {
    // The header's search box (`name`, as on every list): words of the user's name, e-mail or company, or of the sheet's titles and authors.
    name: { op: 'derived', derived: demandSearch },
    user_id: { column: 'userId', op: 'in' },
    book_id: { column: 'bookId', op: 'in' },
    status: { column: 'demandStatusId', op: 'in', many: true },
    type: { column: 'demandTypeId', op: 'in', many: true },
  },
  store: {
    list: (db, query) => listDemands(db, { where: query.where, paging: query }),
    find: findDemandRecord,
    async save(tx, id, body) {
      const values = valuesOf(body);
      if (id === undefined) {
        await checkRules(tx, values);
        return (await findDemandRecord(tx, await insertDemand(tx, values)))!;
      }
      // The row locked, then the version sent compared: of several saves based on one version, one
      // wins. A save without one (a client outside the panel: SPEC §7 names no version) writes over.
      const version = await lockDemand(tx, id);
      if (version === undefined || (body.version !== undefined && version !== body.version)) throw conflict(DEMAND_MESSAGES.stale);
      await checkRules(tx, values);
      if (!(await updateDemand(tx, id, version, values))) throw conflict(DEMAND_MESSAGES.stale);
      return (await findDemandRecord(tx, id))!;
    },
    remove: deleteDemand,
  },
};
