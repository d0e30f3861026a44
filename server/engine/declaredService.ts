import type { ApiRecord } from '../../common/api.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import { isStillReferenced } from '../db/pgErrors.js';
import { conflict, HttpError, notFound } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import type { CustomResourceDefinition, RecordOptions, StoreContext } from './resourceTypes.js';
import type { FormValidator } from '../definitions/formValidator.js';
import { normalizeJsonForm, type FormSchema } from '../http/multipartForm.js';
import type { RecordWrites } from './recordWrites.js';
import { englishLabels } from '../definitions/englishLabels.js';
import { fieldRulesOf, heldBody, refuseHiddenFilters, refuseRuledChange, withoutHidden } from './fieldRules.js';
import { reachedIds, readerRows } from './rowConditions.js';
import { and, type SQL } from 'drizzle-orm';
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

/** A write that would leave its record outside the rows the reader's roles reach. */
export const ROWS_MESSAGE = 'Your roles do not reach this record once saved: it would be outside the rows they give you.';

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

  /** The form's fields and their labels in words, which a reader's field rules are held to. */
  const formFields = () => {
    const schema = screens.screens.get(definition.screen ?? '')?.form?.schema as FormSchema | undefined;
    return { fields: new Set(Object.keys(schema?.properties ?? {})), labels: schema ? englishLabels(schema) : undefined };
  };
  /** The rows as this reader may see them (hidden fields left out). */
  const shown = <T extends object>(rows: T[]): T[] => {
    const rules = fieldRulesOf(definition.api);
    return rules ? rows.map((row) => withoutHidden(row, rules)) : rows;
  };

  /** The rows the reader's roles reach: undefined for every row. */
  const reach = () => readerRows(db, definition, screens.screens.get(definition.screen ?? ''));
  /** Whether the record is one the reader reaches (a record outside their rows answers 404, as an unknown one). */
  const inReach = async (id: number, within: SQL | undefined, target: Db = db) => !within || (await reachedIds(target, definition, [id], within)).has(id);
  /** A record a write would leave outside the reader's rows (a create their conditions do not match) is refused. */
  const staysInReach = async (tx: Db, id: number, within: SQL | undefined) => {
    if (!(await inReach(id, within, tx))) throw new HttpError(403, ROWS_MESSAGE);
  };

  /** A list query filtering on a field the reader's roles hide is refused (403). */
  const refuseFilters = (query: Readonly<Record<string, unknown>>) => {
    const rules = fieldRulesOf(definition.api);
    if (rules) refuseHiddenFilters(query, definition.filters ?? {}, rules, formFields().labels);
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
      refuseFilters(query);
      const within = await reach();
      if (store.query) {
        const answer = await store.query.page(db, query, within);
        return { ...answer, data: shown(answer.data) };
      }
      const page = paging(query);
      const where = and(await listCondition(db, definition.table, definition.filters ?? {}, query), within);
      const { rows, total } = await store.list!(db, { ...page, where });
      return paged(shown(rows as ApiRecord[]), total, page);
    },
    async scan(query, size) {
      refuseFilters(query);
      const within = await reach();
      if (store.query) {
        const scan = await store.query.scan(db, query, size, within);
        if (!fieldRulesOf(definition.api)) return scan;
        return {
          total: scan.total,
          async *batches() {
            for await (const rows of scan.batches()) yield shown(rows);
          },
        };
      }
      const batch = store.batch!;
      const where = and(await listCondition(db, definition.table, definition.filters ?? {}, query), within);
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
            if (rows.length) yield shown(rows as ApiRecord[]);
            if (!more) return;
          }
        },
      };
    },
    formRecords(fields, size) {
      return store.formRecords ? store.formRecords(db, fields, size) : service.scan({}, size);
    },
    async getMany(asked) {
      const rules = fieldRulesOf(definition.api);
      const within = await reach();
      const reached = within ? await reachedIds(db, definition, asked, within) : undefined;
      const ids = reached ? asked.filter((id) => reached.has(id)) : asked;
      const records = new Map<number, ApiRecord>();
      if (store.findMany) {
        const found = (await store.findMany(db, ids)) as Map<number, ApiRecord>;
        if (!rules) return found;
        for (const [id, record] of found) records.set(id, withoutHidden(record, rules));
        return records;
      }
      for (const id of ids) {
        const record = await store.find(db, id);
        if (record) records.set(id, withoutHidden(record as ApiRecord, rules));
      }
      return records;
    },
    async reaches(id) {
      return inReach(id, await reach());
    },
    rowsWithin: reach,
    async get(rawId, options) {
      const record = await find(rawId, options);
      if (!(await inReach(record.id as number, await reach()))) throw missing();
      return withoutHidden(record as ApiRecord, fieldRulesOf(definition.api));
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
      const rules = fieldRulesOf(definition.api);
      const alone =
        !creating && over && store.fieldsAlone && over.changed.every((field) => store.fieldsAlone!.fields.has(field)) ? store.fieldsAlone : undefined;
      // A write of some fields alone locks its row and answers 404 itself: no read before it.
      const id = creating ? undefined : alone ? parsedId(rawId) : await existingId(rawId);
      const within = await reach();
      if (id !== undefined && !(await inReach(id, within))) throw missing();
      // A reader's hidden and read-only fields: kept as stored when left out, refused (403) when changed.
      const { fields, labels } = rules ? formFields() : { fields: undefined, labels: undefined };
      const stored = rules && id !== undefined ? await store.find(db, id) : undefined;
      const sent = rules ? heldBody(bodyOf(body), stored, rules, fields!, labels) : bodyOf(body);
      const input = validatedBody(definition, check, sent) as Record<string, unknown>;
      // The record a write of some fields alone starts from: as stored, when the reader's copy left fields out.
      const base = (stored as ApiRecord | undefined) ?? over?.record;
      const save = store.save;
      const view = writes.historyOf(definition.api)?.view;
      const data = await writes.write(
        alone
          ? {
              resource: definition.api,
              action: 'update',
              id,
              // Read before the transaction; the store refuses the write if the version moved since.
              before: view?.(base!),
              run: async (tx, afterCommit) => {
                const saved = { ...base!, ...(await alone.save(tx, base!, input, over!.changed, { ...context, afterCommit })) };
                await staysInReach(tx, id!, within);
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
                await staysInReach(tx, saved.id as number, within);
                return { id: saved.id as number, result: saved, after: view?.(saved) };
              },
            },
        { dryRun: options.dryRun, restore: options.restore },
      );
      const after = !options.dryRun && definition.afterSave ? await definition.afterSave({ record: data, body: input, created: creating }, context) : {};
      const message = after.message ?? definition.savedMessage ?? (creating ? RESOURCE_MESSAGES.created : RESOURCE_MESSAGES.updated);
      const notice = recreating ? definition.recreatedNotice?.(data, context) : undefined;
      return { message, data: withoutHidden(data as ApiRecord, rules), ...(notice ? { notice } : {}), ...after.answer };
    },
    async remove(rawId) {
      const id = parseId(rawId);
      const remove = store.remove;
      if (!permissions.delete || !remove) throw missing();
      if (id !== undefined && !(await inReach(id, await reach()))) throw missing();
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
      const rules = fieldRulesOf(definition.api);
      if (id !== undefined && !(await inReach(id, await reach()))) throw missing();
      if (rules) refuseRuledChange(field, rules, formFields().labels);
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
      return { message: RESOURCE_MESSAGES.fileDeleted, data: withoutHidden(data as ApiRecord, rules) };
    },
  };
  return service;
}
