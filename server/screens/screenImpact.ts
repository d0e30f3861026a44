import { setImmediate as turn } from 'node:timers/promises';
import { compileFormValidator } from '../definitions/formValidator.js';
import type { ScreenImpact } from '../../common/screenImpact.js';
import type { ResourceService } from '../engine/resourceService.js';

/** Records read to measure an impact: every one up to this many, else the first this many. */
const IMPACT_MAX_RECORDS = 100_000;

/**
 * Records validated between two turns of the event loop: a staff-written schema, however large its
 * bounds let it be, never holds other requests for more than this many validations.
 */
const IMPACT_RECORDS_PER_TURN = 100;

const BATCH = 500;
const FIRST = 20;

export type { ScreenImpact } from '../../common/screenImpact.js';

type Json = Record<string, unknown>;
const properties = (schema: Json): Json => (schema.properties ?? {}) as Json;
const requiredOf = (schema: Json): string[] => (Array.isArray(schema.required) ? (schema.required as string[]) : []);

/** The top-level fields whose rules differ between two form schemas (all of them when the root's rules differ). */
function changedFields(current: Json, next: Json): Set<string> {
  const rest = (schema: Json) => JSON.stringify(Object.entries(schema).filter(([key]) => !['properties', 'required', 'title', 'description'].includes(key)));
  const names = Object.keys(properties(next));
  if (rest(current) !== rest(next)) return new Set(names);
  return new Set(
    names.filter(
      (name) =>
        JSON.stringify(properties(current)[name]) !== JSON.stringify(properties(next)[name]) ||
        requiredOf(current).includes(name) !== requiredOf(next).includes(name),
    ),
  );
}

/** A value without its nulls (a record's unset fields), as the form sends it back. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== null).map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, withoutNulls(item)]),
  );
}

/**
 * How many stored records a new form schema would refuse on their next save, for any resource:
 * each record as its form reads it (`ResourceService.formRecords`) is checked as a save checks its
 * body (`ResourceService.check`, the write path's own check) with the schema in use and with the
 * new one, and counts when the new one refuses a field the change touched with a reason the one in
 * use does not give: what the change itself would block is told, not what was already refused.
 * Every record up to IMPACT_MAX_RECORDS (fewer when the store says the touched fields cost more to
 * read), and the answer says when it is a sample.
 */
export async function screenImpact(service: ResourceService, inUse: Json, next: Json): Promise<ScreenImpact> {
  const changed = changedFields(inUse, next);
  const records = await service.formRecords(changed, BATCH);
  const result: ScreenImpact = { refused: 0, measured: 0, total: records.total, sample: false, first: [] };
  if (changed.size === 0) {
    // Only texts changed: no record can be refused by it.
    result.measured = result.total;
    return result;
  }
  const current = compileFormValidator(inUse);
  const candidate = compileFormValidator(next);
  const limit = Math.min(records.limit ?? IMPACT_MAX_RECORDS, IMPACT_MAX_RECORDS);
  const fields = Object.keys(properties(next));
  const touched = (key: string) => changed.has(key.split('.')[0]!);
  measuring: for await (const batch of records.batches()) {
    for (const record of batch) {
      if (result.measured >= limit) break measuring;
      const body = withoutNulls(Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]])));
      result.measured++;
      if (result.measured % IMPACT_RECORDS_PER_TURN === 0) await turn();
      const before = service.check(body, current) ?? {};
      const refused = Object.entries(service.check(body, candidate) ?? {}).filter(
        ([key, messages]) => touched(key) && messages.some((message) => !before[key]?.includes(message)),
      );
      if (refused.length === 0) continue;
      result.refused++;
      const [key, messages] = refused[0]!;
      if (result.first.length < FIRST) result.first.push({ id: record.id as number, reason: `${key}: ${messages[0]}` });
    }
  }
  result.sample = result.measured < result.total;
  return result;
}
