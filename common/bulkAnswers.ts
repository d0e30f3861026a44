import type { FromSchema } from 'json-schema-to-ts';
import { BULK_ACTIONS } from './screenDefinition.js';

/** The most rows one bulk action runs on (chosen, or every row a list matches). */
export const MAX_BULK_ROWS = 10_000;

/**
 * `POST admin/{api}/bulk`: the action (`set` a field to a value, with what it asks along, or
 * `delete`), on the rows chosen (`ids`) or on every row the list's query matches (`query`).
 */
export const BULK_BODY = {
  type: 'object',
  required: ['action'],
  additionalProperties: false,
  properties: {
    action: { type: 'string', enum: BULK_ACTIONS },
    field: { type: 'string', maxLength: 100 },
    value: { type: ['string', 'integer', 'boolean', 'null'] },
    with: { type: 'object', additionalProperties: { type: ['string', 'null'], maxLength: 10_000 }, maxProperties: 5 },
    ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 2_147_483_647 }, minItems: 1, maxItems: MAX_BULK_ROWS, uniqueItems: true },
    query: {
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'string', maxLength: 200 },
          { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 200 },
        ],
      },
    },
  },
} as const;
export type BulkBody = FromSchema<typeof BULK_BODY>;

/** One row's outcome: done, or refused with the message (and the field errors of a 422). */
const BULK_ROW = {
  type: 'object',
  required: ['id', 'label', 'done'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    /** What names the row (a title, a name), null when it no longer exists. */
    label: { type: ['string', 'null'] },
    done: { type: 'boolean' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;
export type BulkRowAnswer = FromSchema<typeof BULK_ROW>;

/** What a bulk action did: every row's outcome, and the counts. */
export const BULK_RESULT = {
  type: 'object',
  required: ['total', 'done', 'refused', 'rows'],
  additionalProperties: false,
  properties: {
    total: { type: 'integer' },
    done: { type: 'integer' },
    refused: { type: 'integer' },
    rows: { type: 'array', items: BULK_ROW },
  },
} as const;
export type BulkResult = FromSchema<typeof BULK_RESULT>;

/** Up to this many rows, a bulk action answers with its results; more run as a job (`GET admin/bulk-jobs/{id}`). */
export const BULK_SYNC_ROWS = 100;

/** Where a job stands; the last two can be resumed. */
const BULK_JOB_STATES = ['running', 'finished', 'failed', 'interrupted'] as const;

/** A bulk action running in the background: how far it is, the rows refused so far, and its state. */
export const BULK_JOB = {
  type: 'object',
  required: ['id', 'screen', 'total', 'done', 'refused', 'rows', 'state', 'message'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer' },
    screen: { type: 'string' },
    total: { type: 'integer' },
    done: { type: 'integer' },
    refused: { type: 'integer' },
    /** The refused rows, with their reasons. */
    rows: { type: 'array', items: BULK_ROW },
    /**
     * `running`; `finished`; `failed` (an error ended it) or `interrupted` (its server stopped
     * before the end): `message` says how far it got, and `POST admin/bulk-jobs/{id}/resume` runs
     * it on the rows left.
     */
    state: { type: 'string', enum: BULK_JOB_STATES },
    message: { type: ['string', 'null'] },
  },
} as const;
export type BulkJobAnswer = FromSchema<typeof BULK_JOB>;
