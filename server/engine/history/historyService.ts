import type { RevisionAnswer, StaleRestoreAnswer } from '../../../common/historyAnswers.js';
import { LOCALES } from '../../../common/locales.js';
import { diffSnapshots, revertChanges, sameJson, type Changes, type Snapshot } from '../../../common/recordChanges.js';
import type { Db } from '../../db/client.js';
import {
  activityPage,
  currentVersion,
  findRevision,
  recordRevisionPage,
  revisionsAfter,
  type ActivityFilter,
  type RevisionRow,
} from '../../db/repositories/engine/historyRepository.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { paging } from '../../http/paging.js';
import { writableFields } from '../declaration.js';
import type { ResourceDefinition } from '../resourceTypes.js';
import { historyFields } from './recordHistory.js';
import { fieldRulesOf } from '../fieldRules.js';
import { parseId, type ResourceService } from '../resourceService.js';
import { StaleRecord, type RecordWrites, type RestoreOf } from '../recordWrites.js';

const HISTORY_MESSAGES = {
  restored: 'Restored successfully',
  unknownResource: 'This resource keeps no history.',
  revisionNotFound: 'Revision',
  stale: 'This record was changed since you opened its history: see what changed, then choose again.',
  outside: 'This change was made outside the app: what it changed is unknown, so it cannot be restored.',
  beforeCreate: 'Before this revision the record did not exist: delete it to undo its creation.',
  deletedSince: 'This record was deleted since: restore its deletion first.',
  notChanged: 'This field did not change in this revision.',
  notRestorable: 'This value is changed by its own action (or is a file), not by a restore.',
  screen: 'A screen is brought back from the studio: roll it back to one of its versions there.',
  noneRestorable: 'None of these values can be brought back by a restore: they are changed by their own actions (or are files).',
} as const;

/** The resource name of screen publishes in the records' history (server/screens/screenPublishRevision.ts). */
export const SCREENS_RESOURCE = 'screens';

/**
 * How a restore writes a resource's record back: through its own save (the normal validation and
 * rules, the one write path). `restorable` says which fields of the history's view a save body
 * writes; `bodies` makes the save bodies of a restored view (several when a field is kept per
 * language and written one language at a time).
 */
export interface Restorer {
  restorable(field: string): boolean;
  bodies(restored: Snapshot, current: Snapshot | undefined, changed: readonly string[]): Record<string, unknown>[];
  save(
    recordId: number | undefined,
    body: Record<string, unknown>,
    options: { restore: RestoreOf; recreate?: number },
  ): Promise<{ message: string; data: Record<string, unknown>; notice?: string }>;
}

/** A revision's changes as its reader may see them: none of the fields their roles hide (docs/permissions.md). */
function shownChanges(resource: string, changes: Changes): Changes {
  const rules = fieldRulesOf(resource);
  if (!rules?.hidden.size) return changes;
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !rules.hidden.has(field.split('.', 1)[0]!)));
}

/** A revision on the wire. */
function revisionAnswer(row: RevisionRow, screenOf: (resource: string) => string | undefined): RevisionAnswer {
  const screen = screenOf(row.resource);
  return {
    id: Number(row.id),
    resource: row.resource,
    record_id: Number(row.recordId),
    version: row.version,
    action: row.action as RevisionAnswer['action'],
    administrator: row.administratorId === null ? null : { id: row.administratorId, name: row.administratorName },
    label: row.label,
    at: new Date(row.at).toISOString(),
    changes: shownChanges(row.resource, row.changes),
    screen: screen === undefined || row.screenVersion === null ? null : { name: screen, version: row.screenVersion },
    restored_from: row.restoredFrom === null ? null : Number(row.restoredFrom),
  };
}

/** A stale restore's refusal, as its 409 answers it. */
export class StaleRestore extends Error {
  constructor(readonly answer: StaleRestoreAnswer) {
    super(answer.message);
  }
}

/** What a restore asks: the fields to bring back (all the revision's by default) and the record's version it was asked from. */
export interface RestoreBody {
  fields?: string[];
  version: number;
}

/**
 * The records' history (`admin/history`, docs/record-history.md): a record's revisions, the
 * activity of all, and restores, which are new saves of the record through its own rules.
 */
export function createHistoryService(db: Db, writes: RecordWrites, restorers: ReadonlyMap<string, Restorer>) {
  const screenOf = (resource: string) => writes.historyOf(resource)?.screen;
  const subjectOf = (resource: string) => {
    const subject = writes.historyOf(resource);
    if (!subject) throw new HttpError(404, HISTORY_MESSAGES.unknownResource);
    return subject;
  };

  /** The record as it was at `version`: the changes of the revisions after it undone, newest first. */
  async function changesSince(resource: string, recordId: number, since: RevisionRow[]): Promise<StaleRestoreAnswer> {
    const now = (await subjectOf(resource).read(db, recordId)) ?? {};
    let then: Snapshot = now;
    for (const revision of [...since].reverse()) {
      if (revision.action === 'create') then = {};
      else if (revision.action !== 'outside') then = revertChanges(then, revision.changes);
    }
    const outside = since.some((revision) => revision.action === 'outside');
    return {
      message: outside ? `${HISTORY_MESSAGES.stale} It was also changed outside the app.` : HISTORY_MESSAGES.stale,
      changes: shownChanges(resource, diffSnapshots(then, now)),
      revisions: since.map((row) => revisionAnswer(row, screenOf)),
    };
  }

  return {
    /** `GET admin/history/{resource}/{id}`: newest first; a deleted record's too. */
    async recordHistory(resource: string, rawId: string, query: { page?: number; perPage?: number }) {
      subjectOf(resource);
      const id = parseId(rawId);
      if (id === undefined) throw notFound('Record');
      const page = paging(query);
      const [{ rows, total }, version, exists] = await Promise.all([
        recordRevisionPage(db, resource, id, page),
        currentVersion(db, resource, id),
        writes.historyOf(resource)!.exists(db, id),
      ]);
      return {
        data: rows.map((row) => revisionAnswer(row, screenOf)),
        meta: {
          total,
          current_page: page.page,
          per_page: page.perPage,
          last_page: Math.max(1, Math.ceil(total / page.perPage)),
          record_version: version,
          record_exists: exists,
        },
      };
    },

    /** `GET admin/history`: every record's revisions, newest first, filtered. */
    async activity(filter: ActivityFilter, query: { page?: number; perPage?: number }) {
      const page = paging(query);
      const { rows, total, exact } = await activityPage(db, filter, page);
      // Whether each record of the page exists now, one indexed read per record (a screen's version always does).
      const records = [...new Set(rows.map((row) => `${row.resource}/${row.recordId}`))];
      const existing = new Set(
        (
          await Promise.all(
            records.map(async (key) => {
              const [resource, id] = key.split('/') as [string, string];
              const subject = writes.historyOf(resource);
              const exists = resource === SCREENS_RESOURCE || (subject !== undefined && (await subject.exists(db, Number(id))));
              return exists ? key : undefined;
            }),
          )
        ).filter((key) => key !== undefined),
      );
      return {
        data: rows.map((row) => ({ ...revisionAnswer(row, screenOf), record_exists: existing.has(`${row.resource}/${row.recordId}`) })),
        meta: { total, current_page: page.page, per_page: page.perPage, last_page: Math.max(1, Math.ceil(total / page.perPage)), total_exact: exact },
      };
    },

    /** The resource a revision belongs to (undefined for an unknown revision): what its restore needs `restore` on. */
    async resourceOf(rawRevisionId: string): Promise<string | undefined> {
      const revisionId = parseId(rawRevisionId);
      return revisionId === undefined ? undefined : (await findRevision(db, revisionId))?.resource;
    },

    /**
     * `POST admin/history/{revisionId}/restore`: the record's values as they were before the
     * revision (all its changed fields, or those named) saved as a new version, with the save's
     * own validation; 409 with what changed in between when the record moved past `version`; a
     * deleted record comes back under its id, with its lists.
     */
    async restore(rawRevisionId: string, { fields, version }: RestoreBody) {
      const revisionId = parseId(rawRevisionId);
      const revision = revisionId === undefined ? undefined : await findRevision(db, revisionId);
      if (!revision) throw notFound(HISTORY_MESSAGES.revisionNotFound);
      if (revision.resource === SCREENS_RESOURCE) throw unprocessable({ _: [HISTORY_MESSAGES.screen] });
      const restorer = restorers.get(revision.resource);
      const subject = writes.historyOf(revision.resource);
      if (!restorer || !subject) throw unprocessable({ _: [HISTORY_MESSAGES.unknownResource] });
      if (revision.action === 'outside') throw unprocessable({ _: [HISTORY_MESSAGES.outside] });
      if (revision.action === 'create') throw unprocessable({ _: [HISTORY_MESSAGES.beforeCreate] });
      // What the reader's roles hide is neither shown nor brought back.
      const changes: Changes = shownChanges(revision.resource, revision.changes);
      const errors: Record<string, string[]> = {};
      (fields ?? []).forEach((field, i) => {
        if (!(field in changes)) errors[`fields.${i}`] = [HISTORY_MESSAGES.notChanged];
        else if (!restorer.restorable(field)) errors[`fields.${i}`] = [HISTORY_MESSAGES.notRestorable];
      });
      if (Object.keys(errors).length) throw unprocessable(errors);
      const asked = fields ?? Object.keys(changes);
      const restored = asked.filter((field) => restorer.restorable(field));
      const skipped = asked.filter((field) => !restorer.restorable(field));
      if (restored.length === 0) throw unprocessable({ fields: [HISTORY_MESSAGES.noneRestorable] });

      const recordId = Number(revision.recordId);
      const restore = { revision: Number(revision.id), version };
      try {
        if (revision.action === 'delete') {
          // The write checks `version` in its transaction (recordWrites: a recreate's step names the id).
          const view = revertChanges({}, changes, restored);
          const [first, ...rest] = restorer.bodies(view, undefined, restored);
          const saved = await restorer.save(undefined, first!, { restore, recreate: recordId });
          let data = saved.data;
          for (const body of rest) data = (await restorer.save(recordId, body, { restore: { revision: restore.revision } })).data;
          // What the record's rules say of its return (an administrator's password to set) follows the message.
          return { message: saved.notice ? `${HISTORY_MESSAGES.restored}. ${saved.notice}` : HISTORY_MESSAGES.restored, data, skipped };
        }
        const current = await subject.read(db, recordId);
        if (!current) {
          if ((await currentVersion(db, revision.resource, recordId)) !== version)
            throw new StaleRecord(await revisionsAfter(db, revision.resource, recordId, version));
          throw conflict(HISTORY_MESSAGES.deletedSince);
        }
        const view = revertChanges(current, changes, restored);
        let data: Record<string, unknown> = {};
        let first = true;
        for (const body of restorer.bodies(view, current, restored)) {
          // The first save checks the version; the next ones (other languages of one restore) follow it.
          data = (await restorer.save(recordId, body, { restore: first ? restore : { revision: restore.revision } })).data;
          first = false;
        }
        return { message: HISTORY_MESSAGES.restored, data, skipped };
      } catch (error) {
        if (error instanceof StaleRecord) throw new StaleRestore(await changesSince(revision.resource, recordId, error.since));
        throw error;
      }
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

/** The restorer of a declared resource: a body of its writable fields (or what a field's `writtenAs` writes), saved by its service. */
/** A list of the record's own rows brought back: an item whose row has gone since is written anew (no id). */
function ownRows(restored: unknown, current: unknown): unknown {
  const kept = new Set(((current ?? []) as { id?: number }[]).map((item) => item.id));
  return ((restored ?? []) as { id?: number }[]).map(({ id, ...item }) => (id !== undefined && kept.has(id) ? { id, ...item } : item));
}

export function declaredRestorer(definition: ResourceDefinition, service: () => ResourceService): Restorer {
  const fields = new Map(historyFields(definition));
  const writable = new Set(writableFields(definition));
  const restorable = (name: string) => fields.has(name) && (writable.has(name) || fields.get(name)!.writtenAs !== undefined);
  const perLanguage = [...fields].filter(([name, field]) => field.history === 'perLanguage' && restorable(name));
  return {
    restorable,
    bodies(restored, current) {
      const base: Record<string, unknown> = {};
      for (const [name, field] of fields) {
        if (!restorable(name) || field.history === 'perLanguage') continue;
        if (field.writtenAs) Object.assign(base, field.writtenAs(restored[name], current?.[name]));
        else base[name] = field.ownRows ? ownRows(restored[name], current?.[name]) : restored[name];
      }
      // A value kept per language is written one language at a time: one body for each language it changes in.
      const languages = LOCALES.filter((locale) =>
        perLanguage.some(
          ([name]) => !sameJson((restored[name] as Snapshot | null)?.[locale] ?? null, (current?.[name] as Snapshot | null | undefined)?.[locale] ?? null),
        ),
      );
      if (languages.length === 0) return [base];
      return languages.map((lang) => ({
        ...base,
        lang,
        ...Object.assign(
          {},
          ...perLanguage.map(([name, field]) =>
            field.writtenAs!((restored[name] as Snapshot | null)?.[lang] ?? null, (current?.[name] as Snapshot | null | undefined)?.[lang] ?? null),
          ),
        ),
      }));
    },
    save: (recordId, body, options) => service().save(recordId === undefined ? undefined : String(recordId), body, [], options),
  };
}
