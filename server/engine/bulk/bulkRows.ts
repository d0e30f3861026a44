import type { BulkRecord, BulkRows } from './bulkActions.js';
import { resourceExportSource } from '../export/exportSource.js';
import type { ResourceService } from '../resourceService.js';

/** The action that writes one field of a record (a resource's `actionFields`): refused as the action's own route refuses. */
export type FieldAction = (id: number, value: unknown) => Promise<unknown>;

/**
 * A resource's rows for a bulk action, the reading sheets' as every other's: read as
 * `GET {api}/{id}` answers each (a store may read several at once: `findMany`), saved back with the
 * changes through the resource's own save (its `version` with it, so a row changed meanwhile is
 * refused with 409, as a form's save would be; a store that writes changed columns alone,
 * `fieldsAlone`, writes only them), or deleted.
 */
export function resourceBulkRows(service: ResourceService, actions: Readonly<Record<string, FieldAction>> = {}): BulkRows {
  return {
    read: (ids) => service.getMany(ids) as Promise<Map<number, BulkRecord>>,
    async set(record, changes) {
      // A field written by its own action goes through it (one field a bulk action: nothing else changes).
      const acted = Object.keys(changes).filter((field) => actions[field]);
      for (const field of acted) await actions[field]!(record.id, changes[field]);
      const changed = Object.keys(changes).filter((field) => !actions[field]);
      if (changed.length) await service.save(String(record.id), { ...record, ...changes }, [], { over: { record, changed } });
    },
    async remove(id) {
      await service.remove(String(id));
    },
    matching: ({ lang: _lang, ...query }) => resourceExportSource(service, query),
  };
}
