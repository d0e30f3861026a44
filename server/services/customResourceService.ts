import type { ApiRecord } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/errors.js';
import { conflict, notFound } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import type { CustomResourceDefinition, RecordOptions, StoreContext } from '../resources/types.js';
import { listCondition, parseId, RESOURCE_MESSAGES, validatedBody, writeSetup, type ResourceService } from './resourceService.js';

/**
 * The service of a resource with its own store: the generic rules (404 on unknown ids, 422 from
 * the screen's form schema, 409 when still referenced, success messages) around the store's SQL.
 */
export function createCustomResourceService(
  db: Db,
  definition: CustomResourceDefinition,
  screens: ReadonlyMap<string, ScreenDefinition>,
  context: StoreContext,
): ResourceService {
  const { store, label } = definition;
  const { permissions, validate } = writeSetup(definition, screens, Boolean(store.save));
  const missing = () => notFound(label);

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
    async get(rawId, options) {
      return (await find(rawId, options)) as ApiRecord;
    },
    async save(rawId, body, files = []) {
      const creating = rawId === undefined;
      if (!validate || !store.save || !(creating ? permissions.create : permissions.edit)) throw missing();
      const id = creating ? undefined : ((await find(rawId)).id as number);
      const input = validatedBody(definition, validate, body);
      const data = await store.save(db, id, input as Record<string, unknown>, files, context);
      const message = definition.savedMessage ?? (creating ? RESOURCE_MESSAGES.created : RESOURCE_MESSAGES.updated);
      return { message, data: data as ApiRecord };
    },
    async remove(rawId) {
      const id = parseId(rawId);
      if (!permissions.delete || !store.remove) throw missing();
      try {
        if (id === undefined || !(await store.remove(db, id, context))) throw missing();
      } catch (error) {
        if (isStillReferenced(error)) throw conflict(definition.inUseMessage ?? `This ${label.toLowerCase()} is still in use and cannot be deleted.`);
        throw error;
      }
      return { message: RESOURCE_MESSAGES.deleted };
    },
    async clearFile(rawId, field) {
      const id = parseId(rawId);
      if (!permissions.edit || !store.clearFile) throw missing();
      const data = id === undefined ? undefined : await store.clearFile(db, id, field, context);
      if (!data) throw missing();
      return { message: RESOURCE_MESSAGES.fileDeleted, data: data as ApiRecord };
    },
  };
}
