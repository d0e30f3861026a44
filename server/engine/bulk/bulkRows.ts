import { HttpError } from '../../http/errors.js';
import type { BulkRecord, BulkRows } from './bulkActions.js';
import { resourceExportSource } from '../export/exportSource.js';
import type { ResourceService } from '../resourceService.js';

/** The action that writes one field of a record (a resource's `actionFields`): refused as the action's own route refuses. */
export type FieldAction = (id: number, value: unknown) => Promise<unknown>;

/**
 * A declared resource's rows for a bulk action: each read as `GET {api}/{id}` answers it, and
 * saved back whole with the changes (its `version` with it, so a row changed meanwhile is refused
 * with 409, as a form's save would be), or deleted, through the resource's own service.
 */
export function resourceBulkRows(service: ResourceService, actions: Readonly<Record<string, FieldAction>> = {}): BulkRows {
  return {
    async read(ids) {
      const records = new Map<number, BulkRecord>();
      for (const id of ids) {
        try {
          records.set(id, (await service.get(String(id))) as BulkRecord);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        }
      }
      return records;
    },
    async set(record, changes) {
      // A field written by its own action goes through it (one field a bulk action: nothing else changes).
      const acted = Object.keys(changes).filter((field) => actions[field]);
      for (const field of acted) await actions[field]!(record.id, changes[field]);
      if (acted.length < Object.keys(changes).length) await service.save(String(record.id), { ...record, ...changes });
    },
    async remove(id) {
      await service.remove(String(id));
    },
    matching: ({ lang: _lang, ...query }) => resourceExportSource(service, query),
  };
}
