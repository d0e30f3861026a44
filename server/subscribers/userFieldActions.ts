import type { Db } from '../db/client.js';
import type { FieldAction } from '../engine/bulk/bulkRows.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import { validateUser } from './subscriptionService.js';

/** The actions of the resources' `actionFields`, by resource and field: what a bulk `set` of one calls. */
export function fieldActions(db: Db, writes: RecordWrites): Readonly<Record<string, Readonly<Record<string, FieldAction>>>> {
  return {
    users: { is_accepted: (id, value) => validateUser(db, writes, String(id), { is_accepted: value }) },
  };
}
