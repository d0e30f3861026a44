import type { FromSchema } from 'json-schema-to-ts';
import { BOOLEAN, DATE_TIME, INTEGER, objectOf, STRING } from './answerSchemas.js';

/**
 * The wire shapes of the saved views (`admin/views`, docs/saved-views.md): their bodies and answers,
 * read by the server's routes and by the list screens' Views menu.
 */

/** A screen's name as views name their list (its resource: `reading-sheets`, `genres`). */
const SCREEN = { type: 'string', pattern: '^[a-z][a-z-]*$', maxLength: 100, title: 'screen' } as const;
const NAME = { type: 'string', minLength: 1, maxLength: 100, title: 'name' } as const;
/**
 * The list's parameters as its address holds them: a string each, or strings for a repeated one;
 * a number (an id) is taken for its digits. What each value may be is the list's own schema,
 * checked by the save (server/engine/views/viewQuery.ts), whose refusals name the filter as the
 * screen does: the body leaves the values to it.
 */
const QUERY = {
  type: 'object',
  title: 'query',
  maxProperties: 50,
  additionalProperties: {
    description:
      "The parameter's value as the list's address gives it: a string or a number, or a list of them for a repeated parameter, each as the list's parameter takes it",
  },
} as const;
/** The fields shown as columns, in their order; empty for the screen's own columns. */
const COLUMNS = { type: 'array', title: 'columns', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 100 } as const;
const SHARED = { type: 'boolean', title: 'shared' } as const;

/** `POST admin/views`. */
export const NEW_VIEW_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['screen', 'name', 'query'],
  properties: { screen: SCREEN, name: NAME, query: QUERY, columns: COLUMNS, shared: SHARED },
} as const;
/** `PUT admin/views/{id}`: the parts that change. */
export const VIEW_CHANGE_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: { name: NAME, query: QUERY, columns: COLUMNS, shared: SHARED },
} as const;
/** `PUT admin/views/default`: a view of the list, or null for none. */
export const DEFAULT_VIEW_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['screen', 'viewId'],
  properties: { screen: SCREEN, viewId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647, title: 'view' } },
} as const;

/** What a view kept that its list no longer takes, and why. */
const DROPPED_PART = objectOf({ kind: { type: 'string', enum: ['filter', 'column'] }, name: STRING, message: STRING });

/** A view as a person reads it: what its list can open today, and what it kept that the list no longer takes. */
export const VIEW = objectOf({
  id: INTEGER,
  screen: STRING,
  name: STRING,
  query: { type: 'object', additionalProperties: { anyOf: [STRING, { type: 'array', items: STRING }] } },
  columns: { type: 'array', items: STRING },
  shared: BOOLEAN,
  author: objectOf({ id: INTEGER, name: STRING }),
  /** Whether the reader saved it (and so may change or delete it). */
  mine: BOOLEAN,
  /** Whether it is the reader's default view of its list. */
  is_default: BOOLEAN,
  dropped: { type: 'array', items: DROPPED_PART },
  updated_at: DATE_TIME,
});

export type ViewAnswer = FromSchema<typeof VIEW>;
export type NewViewBody = FromSchema<typeof NEW_VIEW_BODY>;
export type ViewChangeBody = FromSchema<typeof VIEW_CHANGE_BODY>;
export type DefaultViewBody = FromSchema<typeof DEFAULT_VIEW_BODY>;
