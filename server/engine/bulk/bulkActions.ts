import { setImmediate as turn } from 'node:timers/promises';
import { currentRequest } from '../../http/requestContext.js';
import { demandScreen } from '../permissionRefusals.js';
import { englishLabels } from '../../definitions/englishLabels.js';
import { fieldRulesOf, refuseRuledChange } from '../fieldRules.js';
import { MAX_BULK_ROWS, type BulkBody, type BulkResult, type BulkRowAnswer } from '../../../common/bulkAnswers.js';
import type { Json } from '../../../common/recordChanges.js';
import type { BulkAction, ScreenDefinition } from '../../../common/screenDefinition.js';
import { itemText } from '../../../common/valueText.js';
import { englishText } from '../../definitions/englishLabels.js';
import { forbidden, HttpError, unprocessable } from '../../http/errors.js';
import { bulkTargetRefusal } from '../declaration.js';
import type { ListContract } from '../listContracts.js';
import type { ExportSource } from '../export/exportSource.js';
import { viewQueryProblems, viewTarget } from '../views/viewQuery.js';

/** A record as a bulk action reads it before its write: what names it in the results, and what its save is built from. */
export type BulkRecord = Record<string, unknown> & { id: number };

/**
 * How a list's rows are read and written one by one, each through its resource's ordinary rules
 * (its save, its delete: each in its own transaction, through the one write path, so each change
 * is a revision of its record's history).
 */
export interface BulkRows {
  /** The records of these ids that exist, by id (a few dozen at once: `READ_AT_ONCE`). */
  read(ids: readonly number[]): Promise<Map<number, BulkRecord>>;
  /** Saves the record with `changes` (its other fields as read). Throws the save's refusal. */
  set(record: BulkRecord, changes: Record<string, unknown>): Promise<void>;
  /** Deletes the record. Throws the delete's refusal (in use: 409). */
  remove(id: number): Promise<void>;
  /** Every row the list's (checked) query matches, in the list's order. */
  matching(query: Record<string, unknown>): Promise<ExportSource<{ id: number }>>;
}

/** What a bulk action will do to each row: delete it, or save it with these changes. */
export type BulkOperation = { action: 'delete' } | { action: 'set'; changes: Record<string, unknown> };

/** A bulk action checked against its list: the declared action it is, what each row gets, and the rows. */
export interface CheckedBulk {
  declared: BulkAction;
  operation: BulkOperation;
  ids: number[];
}

const listedLabels = (actions: readonly BulkAction[]) => actions.map((action) => `“${englishText(action.label)}”`).join(', ');

/**
 * A bulk request against the list's screen in use: the action must be one it declares
 * (`list.bulkActions`, docs/bulk-actions.md) and its screen must permit it; a `set` takes the
 * declared value or a value given, and only the declared `ask` field along; the rows are the ids
 * given, or every row the list's query matches (at most MAX_BULK_ROWS); a `set` never writes a
 * secret nor a field no revision shows (`bulkTargetRefusal`), whatever its definition declares.
 * Refusals: 403, 422 keyed by the body's fields (`query.<param>` for a parameter of the query).
 */
export async function checkBulk(body: BulkBody, contract: ListContract, screen: ScreenDefinition | undefined, rows: BulkRows): Promise<CheckedBulk> {
  const actions = screen?.list?.bulkActions ?? [];
  const candidates = actions.filter((action) => action.action === body.action && (body.action === 'delete' || action.field === body.field));
  // Two actions may set one field to fixed values (Validate, Invalidate): the value says which.
  const declared = candidates.find((action) => action.value === undefined || body.value === undefined || action.value === body.value) ?? candidates[0];
  if (!declared) {
    const message = actions.length ? `This list has no such bulk action (it offers ${listedLabels(actions)}).` : 'This list has no bulk action.';
    throw unprocessable({ [body.action === 'set' ? 'field' : 'action']: [message] });
  }
  const permissions = screen!.permissions;
  if (declared.action === 'delete' && !permissions.delete) throw forbidden('This list’s screen does not permit deleting its rows.');
  if (declared.action === 'set' && !permissions.edit) throw forbidden('This list’s screen does not permit changing its rows.');
  // The reader's roles: each row is an update or a delete of theirs, and a field they may not change is not set.
  const reader = currentRequest()?.permissions;
  if (reader) demandScreen(reader, contract.api, declared.action === 'delete' ? 'delete' : 'update', () => englishText(screen!.menu?.label ?? screen!.title));
  const rules = fieldRulesOf(contract.api);
  if (declared.action === 'set') refuseRuledChange(declared.field!, rules, rules && screen?.form ? englishLabels(screen.form.schema) : undefined);

  let operation: BulkOperation = { action: 'delete' };
  if (declared.action === 'set') {
    const field = declared.field!;
    // What the definitions' check refuses, refused here too (a definition stored before the rule).
    const targets: [string, string][] = [['field', field], ...(declared.ask ? [[`with.${declared.ask.field}`, declared.ask.field] as [string, string]] : [])];
    for (const [key, target] of targets) {
      const refusal = bulkTargetRefusal(target, contract.recorded);
      if (refusal) throw unprocessable({ [key]: [`“${target}” ${refusal}.`] });
    }
    const value = declared.value !== undefined ? declared.value : body.value;
    if (declared.value !== undefined && body.value !== undefined && body.value !== declared.value) {
      throw unprocessable({ value: [`“${englishText(declared.label)}” always sets ${JSON.stringify(declared.value)}: leave the value out.`] });
    }
    if (value === undefined) throw unprocessable({ value: ['Choose the value to set.'] });
    const extra = Object.keys(body.with ?? {}).filter((key) => key !== declared.ask?.field);
    if (extra.length) throw unprocessable(Object.fromEntries(extra.map((key) => [`with.${key}`, [`“${englishText(declared.label)}” does not set ${key}.`]])));
    operation = { action: 'set', changes: { [field]: value, ...(body.with ?? {}) } };
  }

  if ((body.ids === undefined) === (body.query === undefined)) {
    throw unprocessable({
      ids: [
        body.ids === undefined
          ? 'Choose the rows: their ids, or the list’s query for every row it matches.'
          : 'Give the rows’ ids or the list’s query, not both.',
      ],
    });
  }
  if (body.ids) return { declared, operation, ids: body.ids };

  // The list's query, checked as a saved view's is (its parameters as the address writes them), then typed.
  const target = viewTarget(contract, screen);
  const query: Record<string, unknown> = structuredClone(body.query!);
  const problems = viewQueryProblems(target, query);
  if (Object.keys(problems).length) throw unprocessable(Object.fromEntries(Object.entries(problems).map(([param, messages]) => [`query.${param}`, messages])));
  target.validate(query);
  const source = await rows.matching(query);
  if (source.total > MAX_BULK_ROWS) {
    throw unprocessable({
      query: [
        `The list matches ${source.total.toLocaleString('en')} rows; a bulk action runs on at most ${MAX_BULK_ROWS.toLocaleString('en')}: narrow the list with a filter.`,
      ],
    });
  }
  const ids: number[] = [];
  for await (const batch of source.batches()) ids.push(...batch.map((row) => row.id));
  return { declared, operation, ids };
}

/** The message a row gets when it does not exist (deleted meanwhile). */
const GONE_MESSAGE = 'This row no longer exists.';

/**
 * One row (`record`, as read: undefined when it does not exist) through its ordinary save or
 * delete: done, or refused with the refusal's message and field errors (nothing of it written: its
 * own transaction rolled back). A failure that is no refusal (the database gone) ends the whole action.
 */
export async function bulkRow(rows: BulkRows, id: number, operation: BulkOperation, record: BulkRecord | undefined): Promise<BulkRowAnswer> {
  if (!record) return { id, label: null, done: false, message: GONE_MESSAGE };
  const label = itemText(record as Json) ?? `#${id}`;
  try {
    if (operation.action === 'delete') await rows.remove(id);
    else await rows.set(record, operation.changes);
    return { id, label, done: true };
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    return { id, label, done: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
}

/**
 * How many rows of a bulk action run at once, each in its own transaction (on a connection of its
 * own, on PostgreSQL): the server prepares one row while the database writes another. Rows are
 * distinct records, so they never wait on each other's locks.
 */
export const BULK_ROWS_AT_ONCE = 4;

/** How many records a bulk action reads at once (a sheet's lists: one query each for them all). */
export const READ_AT_ONCE = 50;

/**
 * The records of a bulk action's ids, read READ_AT_ONCE at a time as its rows are taken in order:
 * each chunk once, the next one read while the rows of the one before run, a chunk forgotten once
 * its last row is taken. A row changed between its read and its write is refused by its version,
 * as a form's stale save is.
 */
export function chunkedReads(rows: Pick<BulkRows, 'read'>, ids: readonly number[]): (index: number) => Promise<BulkRecord | undefined> {
  const chunks = new Map<number, Promise<Map<number, BulkRecord>>>();
  const chunk = (at: number) => {
    let read = chunks.get(at);
    if (!read && at * READ_AT_ONCE < ids.length) {
      read = rows.read(ids.slice(at * READ_AT_ONCE, (at + 1) * READ_AT_ONCE));
      // Awaited by its rows (their failure thrown there); not an unhandled rejection meanwhile.
      read.catch(() => undefined);
      chunks.set(at, read);
    }
    return read;
  };
  return async (index) => {
    const at = Math.floor(index / READ_AT_ONCE);
    const read = chunk(at)!;
    if (index % READ_AT_ONCE === 0) chunk(at + 1);
    if (index % READ_AT_ONCE === READ_AT_ONCE - 1 || index === ids.length - 1) chunks.delete(at);
    return (await read).get(ids[index]!);
  };
}

/**
 * Runs `run` on each id, BULK_ROWS_AT_ONCE at a time, each id taken in order once the one before
 * it has started; `stop` is asked before each row is taken (no new row once it says so). A failure
 * stops the taking of rows and is thrown once the rows running have ended. Resolves with the
 * number of rows taken. Each row is taken after a turn of the event loop: on the embedded
 * database a query resolves without one, and the rows would hold every other request (a job's
 * progress, a colleague's page) until the last one.
 */
export async function eachRow(ids: readonly number[], run: (id: number, index: number) => Promise<void>, stop: () => boolean = () => false): Promise<number> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (;;) {
      await turn();
      if (failure || next >= ids.length || stop()) return;
      const index = next++;
      try {
        await run(ids[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BULK_ROWS_AT_ONCE, ids.length) }, worker));
  if (failure) throw failure.error;
  return next;
}

/** Runs a checked bulk action on its rows (BULK_ROWS_AT_ONCE at a time); the outcomes in the order of its ids. */
export async function runBulk(rows: BulkRows, bulk: CheckedBulk): Promise<BulkResult> {
  const answers: BulkRowAnswer[] = [];
  const recordAt = chunkedReads(rows, bulk.ids);
  await eachRow(bulk.ids, async (id, index) => {
    answers[index] = await bulkRow(rows, id, bulk.operation, await recordAt(index));
  });
  const done = answers.filter((answer) => answer.done).length;
  return { total: answers.length, done, refused: answers.length - done, rows: answers };
}
