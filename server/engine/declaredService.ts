import type { ApiRecord } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/pgErrors.js';
import { conflict, notFound } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import type { CustomResourceDefinition, RecordOptions, StoreContext } from './resourceTypes.js';
import type { FormValidator } from '../definitions/formValidator.js';
import type { RecordWrites } from './recordWrites.js';
import {
  checkedBody,
  listCondition,
  parseId,
  RESOURCE_MESSAGES,
  validatedBody,
  writeSetup,
  type ResourceService,
  type SaveOptions,
} from './resourceService.js';

/**
 * The service of a resource with its own store: the generic rules (404 on unknown ids, 422 from
 * the screen's form schema, 409 when still referenced, success messages) around the store's SQL.
 */
export function createCustomResourceService(
  db: Db,
  definition: CustomResourceDefinition,
  screens: ReadonlyMap<string, ScreenDefinition>,
  context: StoreContext,
  writes: RecordWrites,
): ResourceService {
  const { store, label } = definition;
  const { permissions, validate } = writeSetup(definition, screens, Boolean(store.save));
  const missing = () => notFound(label);
  // A resource without a form takes no body: every field is refused as unknown first.
  const missingForm: FormValidator = () => undefined;

  async function find(rawId: string | undefined, options?: RecordOptions): Promise<Record<string, unknown>> {
    const id = parseId(rawId);
    const row = id === undefined ? undefined : await store.find(db, id, options);
    if (!row) throw missing();
    return row;
  }

  return {
    definition,
    permissions,
    async list(query) {
      const page = paging(query);
      const where = await listCondition(db, definition.table, definition.filters ?? {}, query);
      const { rows, total } = await store.list(db, { ...page, where });
      return paged(rows as ApiRecord[], total, page);
    },
    async scan(query, size) {
      const where = await listCondition(db, definition.table, definition.filters ?? {}, query);
      const total = await store.count(db, where);
      return {
        total,
        async *batches() {
          let next = store.batch(db, { where, after: undefined, limit: size });
          for (;;) {
            const { rows, last } = await next;
            const more = rows.length === size && last !== undefined;
            if (more) {
              next = store.batch(db, { where, after: last, limit: size });
              // Awaited in its turn (its failure thrown there); a stopped export leaves it unread.
              next.catch(() => undefined);
            }
            if (rows.length) yield rows as ApiRecord[];
            if (!more) return;
          }
        },
      };
    },
    async get(rawId, options) {
      return (await find(rawId, options)) as ApiRecord;
    },
    check(body, validator) {
      return checkedBody(definition, validator ?? validate ?? missingForm, body);
    },
    async save(rawId, body, files = [], options: SaveOptions = {}) {
      const creating = rawId === undefined;
      const check = options.validate ?? validate;
      // A deleted record brought back from its history undoes a delete: whoever may delete may (users are created on the front site, never here).
      const recreating = creating && options.recreate !== undefined;
      const allowed = recreating ? permissions.create || permissions.delete : creating ? permissions.create : permissions.edit;
      if (!check || !store.save || !allowed) throw missing();
      const id = creating ? undefined : ((await find(rawId)).id as number);
      const input = validatedBody(definition, check, body) as Record<string, unknown>;
      const save = store.save;
      const data = await writes.write(
        {
          resource: definition.api,
          action: creating ? 'create' : 'update',
          id: id ?? options.recreate,
          run: async (tx, afterCommit) => {
            const saved = await save(tx, id, input, files, {
              ...context,
              afterCommit,
              ...(creating && options.recreate ? { recreate: options.recreate } : {}),
            });
            return { id: saved.id as number, result: saved, after: writes.historyOf(definition.api)?.view?.(saved) };
          },
        },
        { dryRun: options.dryRun, restore: options.restore },
      );
      const message = definition.savedMessage ?? (creating ? RESOURCE_MESSAGES.created : RESOURCE_MESSAGES.updated);
      const notice = recreating ? definition.recreatedNotice?.(data, context) : undefined;
      return { message, data: data as ApiRecord, ...(notice ? { notice } : {}) };
    },
    async remove(rawId) {
      const id = parseId(rawId);
      const remove = store.remove;
      if (!permissions.delete || !remove) throw missing();
      try {
        const removed =
          id !== undefined &&
          (await writes.write({
            resource: definition.api,
            action: 'delete',
            id,
            run: async (tx, afterCommit) => ((await remove(tx, id, { ...context, afterCommit })) ? { id, result: true } : { id: undefined, result: false }),
          }));
        if (!removed) throw missing();
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(definition.inUseMessage ?? `This ${label.toLowerCase()} is still in use and cannot be deleted.`);
        throw error;
      }
      return { message: RESOURCE_MESSAGES.deleted };
    },
    async clearFile(rawId, field) {
      const id = parseId(rawId);
      const clear = store.clearFile;
      if (!permissions.edit || !clear) throw missing();
      const data =
        id === undefined
          ? undefined
          : await writes.write({
              resource: definition.api,
              action: 'update',
              id,
              run: async (tx, afterCommit) => {
                const record = await clear(tx, id, field, { ...context, afterCommit });
                return { id: record ? id : undefined, result: record };
              },
            });
      if (!data) throw missing();
      return { message: RESOURCE_MESSAGES.fileDeleted, data: data as ApiRecord };
    },
  };
}
