import type { ApiRecord } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/pgErrors.js';
import { conflict, notFound } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import type { CustomResourceDefinition, RecordOptions, StoreContext } from './resourceTypes.js';
import type { FormValidator } from '../definitions/formValidator.js';
import { normalizeJsonForm, type FormSchema } from '../http/multipartForm.js';
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

/** What a resource's service reads of the screens in use: their definitions, by resource. */
export interface ServiceScreens {
  screens: ReadonlyMap<string, ScreenDefinition>;
}

/**
 * The service of a resource: the generic rules (404 on unknown ids, 422 from the form schema and
 * the declared body rules, 409 when still referenced, success messages) around its store, every
 * write through the one write path. Every resource, the reading sheets included, is served by it.
 */
export function createResourceService(
  db: Db,
  definition: CustomResourceDefinition,
  screens: ServiceScreens,
  context: StoreContext,
  writes: RecordWrites,
): ResourceService {
  const { store, label, bodyRules } = definition;
  if (!store.query && !(store.list && store.count && store.batch))
    throw new Error(`Resource ${definition.api}: its store reads no list (list, count and batch, or query)`);
  const setup = writeSetup(definition, screens.screens, Boolean(store.save));
  const { permissions } = setup;
  const inUse: FormValidator | undefined = setup.validate;
  // The body rules the schema cannot express hold whichever schema checks the body (the one in use, a draft's).
  const withRules = (validator: FormValidator): FormValidator =>
    bodyRules
      ? (data) => {
          const errors = { ...(validator(data) ?? {}) };
          for (const [key, messages] of Object.entries(bodyRules((data ?? {}) as Record<string, unknown>) ?? {})) {
            errors[key] = [...new Set([...(errors[key] ?? []), ...messages])];
          }
          return Object.keys(errors).length ? errors : undefined;
        }
      : validator;
  const validate = inUse && withRules(inUse);
  const missing = () => notFound(label);
  // A resource without a form takes no body: every field is refused as unknown first.
  const missingForm: FormValidator = () => undefined;
  /** A JSON body as its multipart form would be read, for a resource that says so (`formBody`). */
  const bodyOf = (body: unknown): unknown => {
    if (!definition.formBody) return body;
    const schema = screens.screens.get(definition.screen ?? '')?.form?.schema as FormSchema | undefined;
    return normalizeJsonForm(body ?? {}, schema);
  };

  async function find(rawId: string | undefined, options?: RecordOptions): Promise<Record<string, unknown>> {
    const id = parseId(rawId);
    const row = id === undefined ? undefined : await store.find(db, id, options);
    if (!row) throw missing();
    return row;
  }

  /** A path id, else 404 (the record itself is not read). */
  function parsedId(rawId: string | undefined): number {
    const id = parseId(rawId);
    if (id === undefined) throw missing();
    return id;
  }

  /** An update's record id, else 404 (by `exists` when the store has it: no whole read). */
  async function existingId(rawId: string | undefined): Promise<number> {
    if (!store.exists) return (await find(rawId)).id as number;
    const id = parsedId(rawId);
    if (!(await store.exists(db, id))) throw missing();
    return id;
  }

  const service: ResourceService = {
    definition,
    permissions,
    async list(query) {
      if (store.query) return store.query.page(db, query);
      const page = paging(query);
      const where = await listCondition(db, definition.table, definition.filters ?? {}, query);
      const { rows, total } = await store.list!(db, { ...page, where });
      return paged(rows as ApiRecord[], total, page);
    },
    async scan(query, size) {
      if (store.query) return store.query.scan(db, query, size);
      const batch = store.batch!;
      const where = await listCondition(db, definition.table, definition.filters ?? {}, query);
      const total = await store.count!(db, where);
      return {
        total,
        async *batches() {
          let next = batch(db, { where, after: undefined, limit: size });
          for (;;) {
            const { rows, last } = await next;
            const more = rows.length === size && last !== undefined;
            if (more) {
              next = batch(db, { where, after: last, limit: size });
              // Awaited in its turn (its failure thrown there); a stopped export leaves it unread.
              next.catch(() => undefined);
            }
            if (rows.length) yield rows as ApiRecord[];
            if (!more) return;
          }
        },
      };
    },
    formRecords(fields, size) {
      return store.formRecords ? store.formRecords(db, fields, size) : service.scan({}, size);
    },
    async getMany(ids) {
      if (store.findMany) return (await store.findMany(db, ids)) as Map<number, ApiRecord>;
      const records = new Map<number, ApiRecord>();
      for (const id of ids) {
        const record = await store.find(db, id);
        if (record) records.set(id, record as ApiRecord);
      }
      return records;
    },
    async get(rawId, options) {
      return (await find(rawId, options)) as ApiRecord;
    },
    check(body, validator) {
      return checkedBody(definition, validator ? withRules(validator) : (validate ?? missingForm), bodyOf(body));
    },
    async save(rawId, body, files = [], options: SaveOptions = {}) {
      const creating = rawId === undefined;
      const check = options.validate ? withRules(options.validate) : validate;
      // A deleted record brought back from its history undoes a delete: whoever may delete may (users are created on the front site, never here).
      const recreating = creating && options.recreate !== undefined;
      const allowed = recreating ? permissions.create || permissions.delete : creating ? permissions.create : permissions.edit;
      if (!check || !store.save || !allowed) throw missing();
      const over = options.over;
      const alone =
        !creating && over && store.fieldsAlone && over.changed.every((field) => store.fieldsAlone!.fields.has(field)) ? store.fieldsAlone : undefined;
      // A write of some fields alone locks its row and answers 404 itself: no read before it.
      const id = creating ? undefined : alone ? parsedId(rawId) : await existingId(rawId);
      const input = validatedBody(definition, check, bodyOf(body)) as Record<string, unknown>;
      const save = store.save;
      const view = writes.historyOf(definition.api)?.view;
      const data = await writes.write(
        alone
          ? {
              resource: definition.api,
              action: 'update',
              id,
              // Read before the transaction; the store refuses the write if the version moved since.
              before: view?.(over!.record),
              run: async (tx, afterCommit) => {
                const saved = { ...over!.record, ...(await alone.save(tx, over!.record, input, over!.changed, { ...context, afterCommit })) };
                return { id: id!, result: saved, after: view?.(saved) };
              },
            }
          : {
              resource: definition.api,
              action: creating ? 'create' : 'update',
              id: id ?? options.recreate,
              run: async (tx, afterCommit) => {
                const saved = await save(tx, id, input, files, {
                  ...context,
                  afterCommit,
                  ...(creating && options.recreate ? { recreate: options.recreate } : {}),
                });
                return { id: saved.id as number, result: saved, after: view?.(saved) };
              },
            },
        { dryRun: options.dryRun, restore: options.restore },
      );
      const after = !options.dryRun && definition.afterSave ? await definition.afterSave({ record: data, body: input, created: creating }, context) : {};
      const message = after.message ?? definition.savedMessage ?? (creating ? RESOURCE_MESSAGES.created : RESOURCE_MESSAGES.updated);
      const notice = recreating ? definition.recreatedNotice?.(data, context) : undefined;
      return { message, data: data as ApiRecord, ...(notice ? { notice } : {}), ...after.answer };
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
  return service;
}
