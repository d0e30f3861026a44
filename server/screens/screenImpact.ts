import { setImmediate as turn } from 'node:timers/promises';
import { compileFormValidator, type FormValidator } from '../definitions/formValidator.js';
import type { ScreenImpact } from '../../common/screenImpact.js';
import type { ResourceService } from '../engine/resourceService.js';

/** Records read to measure an impact: every one up to this many, else the first this many. */
export const IMPACT_MAX_RECORDS = 100_000;

/**
 * Records validated between two turns of the event loop: a staff-written schema, however large its
 * bounds let it be, never holds other requests for more than this many validations.
 */
const IMPACT_RECORDS_PER_TURN = 100;

/** Lets other requests run every IMPACT_RECORDS_PER_TURN records measured. */
export async function yieldEvery(measured: number): Promise<void> {
  if (measured % IMPACT_RECORDS_PER_TURN === 0) await turn();
}
const PAGE = 1000;
const FIRST = 20;

export type { ScreenImpact } from '../../common/screenImpact.js';

/**
 * Reads the resource's records as its list returns them and validates the form's fields of each
 * as a save checks its body (`ResourceService.check`, the write path's own check), with the form
 * schema in use and with the new one: a record counts when only the new schema refuses
 * it, so what the change itself would block is told, not what was already refused.
 */
export async function screenImpact(service: ResourceService, inUse: Record<string, unknown>, next: Record<string, unknown>): Promise<ScreenImpact> {
  const current: FormValidator = compileFormValidator(inUse);
  const candidate: FormValidator = compileFormValidator(next);
  // As the save checks a body: the same rules, with one schema, then the other.
  const fields = Object.keys((next.properties ?? {}) as object);
  const result: ScreenImpact = { refused: 0, measured: 0, total: 0, sample: false, first: [] };
  for (let page = 1; result.measured < IMPACT_MAX_RECORDS; page++) {
    const { data, meta } = await service.list({ page, perPage: PAGE });
    result.total = meta.total;
    for (const row of data) {
      const body = Object.fromEntries(fields.filter((field) => row[field] !== undefined && row[field] !== null).map((field) => [field, row[field]]));
      result.measured++;
      await yieldEvery(result.measured);
      if (service.check(body, current)) continue;
      const errors = service.check(body, candidate);
      if (!errors) continue;
      result.refused++;
      const [key, messages] = Object.entries(errors)[0]!;
      if (result.first.length < FIRST) result.first.push({ id: row.id, reason: `${key}: ${messages[0]}` });
    }
    if (data.length < PAGE) break;
  }
  result.sample = result.measured < result.total;
  return result;
}
