import { fieldName } from '../../common/validation.js';
import type { FieldLabels } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { currentRequest } from '../http/requestContext.js';

/** The fields of a resource its reader's roles rule (docs/permissions.md): never shown, or shown and not changed. */
export interface FieldRules {
  hidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
}

/**
 * The field rules of the request's reader on a resource; undefined when nothing is held back (an
 * Owner, a role without field rules there, the app's own work outside a request).
 */
export function fieldRulesOf(resource: string): FieldRules | undefined {
  const permissions = currentRequest()?.permissions;
  if (!permissions || permissions.owner) return undefined;
  const fields = Object.entries(permissions.screens[resource]?.fields ?? {});
  if (fields.length === 0) return undefined;
  return {
    hidden: new Set(fields.filter(([, rule]) => rule === 'hidden').map(([field]) => field)),
    readOnly: new Set(fields.filter(([, rule]) => rule === 'readOnly').map(([field]) => field)),
  };
}

/** The record without its hidden fields: what leaves the server for this reader. */
export function withoutHidden<T extends object>(record: T, rules: FieldRules | undefined): T {
  if (!rules?.hidden.size) return record;
  const kept = { ...record } as Record<string, unknown>;
  for (const field of rules.hidden) delete kept[field];
  return kept as T;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * JSON with sorted keys and no empty member: two values the same whatever the order of their keys,
 * and a language left out the same as one stored empty (`{ en: 'Noir' }` is `{ en: 'Noir', fr: null }`).
 */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>)
            .filter(([, member]) => !isEmpty(member))
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/**
 * A save's body as the reader may send it: a hidden or read-only field left out keeps its stored
 * value (a form that does not show it loses nothing); one sent with another value than the stored
 * one (any value but an empty one, on a create) is refused with 403 naming the field in words.
 * `fields` are the form's fields, the only ones a body carries.
 */
export function heldBody(
  body: unknown,
  stored: Readonly<Record<string, unknown>> | undefined,
  rules: FieldRules,
  fields: ReadonlySet<string>,
  labels: FieldLabels | undefined,
): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const held = { ...(body as Record<string, unknown>) };
  const refused: Record<string, string[]> = {};
  for (const field of [...rules.hidden, ...rules.readOnly]) {
    if (!fields.has(field)) continue;
    if (!Object.hasOwn(held, field)) {
      if (stored && Object.hasOwn(stored, field)) held[field] = stored[field];
      continue;
    }
    const sent = held[field];
    const same = isEmpty(sent) ? !stored || isEmpty(stored[field]) : stored !== undefined && canonical(sent) === canonical(stored[field]);
    if (!same) refused[field] = [changeMessage(field, labels)];
  }
  const first = Object.values(refused)[0]?.[0];
  if (first) throw new HttpError(403, first, refused);
  return held;
}

const changeMessage = (field: string, labels: FieldLabels | undefined) => `Your roles do not allow changing the ${fieldName([field], labels)} field.`;

/** Refuses (403, naming it) a change of a field the reader's roles hide or show read-only: a bulk set, a file cleared. */
export function refuseRuledChange(field: string, rules: FieldRules | undefined, labels: FieldLabels | undefined): void {
  if (!rules?.hidden.has(field) && !rules?.readOnly.has(field)) return;
  const message = changeMessage(field, labels);
  throw new HttpError(403, message, { [field]: [message] });
}

/** A column's field name: `currentPlanId` → `current_plan_id`. */
const fieldOfColumn = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Refuses (403) a list query that filters on a field the reader's roles hide: a parameter named
 * as the field, or a declared filter on its column alone. A search over several columns is not
 * one field's filter and stays open.
 */
export function refuseHiddenFilters(
  query: Readonly<Record<string, unknown>>,
  filters: Readonly<Record<string, { column?: string | readonly string[] }>>,
  rules: FieldRules | undefined,
  labels: FieldLabels | undefined,
): void {
  if (!rules?.hidden.size) return;
  for (const param of Object.keys(query)) {
    const column = filters[param]?.column;
    const field = rules.hidden.has(param) ? param : typeof column === 'string' && rules.hidden.has(fieldOfColumn(column)) ? fieldOfColumn(column) : undefined;
    if (field === undefined) continue;
    const message = `Your roles do not allow filtering by the ${fieldName([field], labels)} field.`;
    throw new HttpError(403, message, { [param]: [message] });
  }
}
