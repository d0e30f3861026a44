import type { OptionSource } from '../../../common/screenDefinition';
import type { ApiRecord } from '../../engine/api/resourceApi';

/** The endpoint of requests under admin/ (`demands`, schemas/demands.screen.json). */
export const REQUESTS_API = 'demands';

/** Where the row select takes the statuses: the same source as the list's status filter. */
export const STATUS_SOURCE: OptionSource = { api: 'utilities/demand-statuses', valueField: 'id', labelField: 'name' };

/** The fields a request save sends (the form of schemas/demands.screen.json), `version` last. */
const REQUEST_FIELDS = ['book_id', 'user_id', 'demand_date', 'demand_end_date', 'demand_type_id', 'demand_status_id', 'commentary', 'version'] as const;

/**
 * The body of a status change: an ordinary save of the whole request (every field of the row as
 * it was read, its `version` included, so a change made meanwhile is refused with 409) with the
 * new status and, when given, the new commentary.
 */
export function statusUpdateBody(row: ApiRecord, statusId: number, commentary?: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(REQUEST_FIELDS.map((field) => [field, row[field] ?? null]));
  body.demand_status_id = statusId;
  if (commentary !== undefined) body.commentary = commentary;
  return body;
}

/**
 * Whether choosing this status asks for a commentary (SPEC §4, §5: status 4): the status list's
 * flag (`requires_commentary`), and status 4 when the list carries none.
 */
export function requiresCommentary(status: ApiRecord | undefined, statusId: number): boolean {
  const flag = status?.requires_commentary;
  return typeof flag === 'boolean' ? flag : statusId === 4;
}
