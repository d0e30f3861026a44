import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../common/locales.js';
import { REPORTER_TEXT_TYPES } from '../../common/reporters.js';
import type { FieldErrors } from '../../common/validation.js';
import type { Db } from '../db/client.js';
import { existingIds } from '../db/repositories/engine/directoryRepository.js';
import type { DerivedFilter } from '../engine/filterDeclaration.js';
import { columnOf } from '../db/repositories/engine/filterConditions.js';
import {
  lockReporter,
  setReporterTargets,
  textOwners,
  textsOfReporters,
  writeReporterTexts,
  type ReporterTextWrite,
} from '../db/repositories/editorial/reporterRepository.js';
import { plans, reporters, reporterStatuses, reporterUserRoles, reporterUsers, users } from '../db/schema/index.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore, searchOf } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { INTEGER, objectOf, STRING } from '../../common/answerSchemas.js';
import { concurrently } from '../db/concurrently.js';

export const REPORTER_MESSAGES = {
  saved: 'Successfully saved',
  status: 'The selected status is invalid.',
  user: 'The selected user does not exist.',
  userRole: 'The selected user group does not exist.',
  foreignText: 'This text block is not one of this reporter’s.',
  goneText: 'This text block was deleted by someone else since you opened the reporter. Reload it to see their changes.',
  textTwice: 'This text block is listed twice.',
  updatedAndDeleted: 'This text block is both changed and deleted.',
} as const;

/** `userId`: the reporters that target one of these users. */
const targetsUser: DerivedFilter = {
  condition: (ids) =>
    sql`exists (select 1 from ${reporterUsers} where ${reporterUsers.reporterId} = ${reporters.id} and ${inArray(reporterUsers.userId, ids as number[])})`,
};

/** What a validated save body writes besides the reporter's own columns. */
interface ReporterInput {
  lang: Locale;
  userIds: number[];
  planIds: number[];
  texts: ReporterTextWrite[];
  deletedIds: number[];
}

function inputOf(body: Record<string, unknown>): ReporterInput {
  const texts = (body.updatedTexts ?? []) as { id?: number | null; text: string; textType: ReporterTextWrite['textType'] }[];
  return {
    lang: (body.lang as Locale | undefined) ?? DEFAULT_LOCALE,
    userIds: (body.reporterUserIds ?? []) as number[],
    planIds: (body.reporterUserRoleIds ?? []) as number[],
    texts: texts.map((text) => ({ id: text.id ?? null, text: text.text, textType: text.textType })),
    deletedIds: (body.deletedTextIds ?? []) as number[],
  };
}

/**
 * The rules JSON Schema cannot say, all reported at once (with an unknown status): the users and
 * user groups exist; the blocks changed or deleted are this reporter's (none on a create), each named once;
 * a changed block still exists (else someone deleted it meanwhile); a deleted one may be gone.
 */
async function checkRules(db: Db, reporterId: number | undefined, input: ReporterInput): Promise<void> {
  const errors: FieldErrors = {};
  const [knownUsers, knownPlans] = await concurrently(db, [
    () => existingIds(db, users, users.id, input.userIds),
    () => existingIds(db, plans, plans.id, input.planIds),
  ]);
  input.userIds.forEach((id, i) => {
    if (!knownUsers.has(id)) errors[`reporterUserIds.${i}`] = [REPORTER_MESSAGES.user];
  });
  input.planIds.forEach((id, i) => {
    if (!knownPlans.has(id)) errors[`reporterUserRoleIds.${i}`] = [REPORTER_MESSAGES.userRole];
  });
  const changedIds = input.texts.flatMap((text) => (text.id === null ? [] : [text.id]));
  const owners = await textOwners(db, [...changedIds, ...input.deletedIds]);
  const foreign = (id: number) => owners.has(id) && owners.get(id) !== reporterId;
  const deleted = new Set(input.deletedIds);
  const seen = new Set<number>();
  input.texts.forEach((text, i) => {
    if (text.id === null) return;
    const key = `updatedTexts.${i}.id`;
    if (foreign(text.id)) errors[key] = [REPORTER_MESSAGES.foreignText];
    else if (!owners.has(text.id)) errors[key] = [REPORTER_MESSAGES.goneText];
    else if (seen.has(text.id)) errors[key] = [REPORTER_MESSAGES.textTwice];
    else if (deleted.has(text.id)) errors[key] = [REPORTER_MESSAGES.updatedAndDeleted];
    seen.add(text.id);
  });
  // A block already gone is deleted already: only another reporter's is refused.
  input.deletedIds.forEach((id, i) => {
    if (foreign(id)) errors[`deletedTextIds.${i}`] = [REPORTER_MESSAGES.foreignText];
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const idsOf = (records: unknown): number[] => ((records ?? []) as { id: number }[]).map((record) => record.id);

type Block = { id: number; text: string; textType: ReporterTextWrite['textType'] };
const blocksOf = (texts: unknown): Block[] => Object.values((texts ?? {}) as Record<string, Block[]>).flat();

/**
 * The save fields that bring a language's blocks back to `texts` from `current`: the blocks kept
 * rewritten, those gone since written anew, the others deleted.
 */
function blocksWritten(texts: unknown, current: unknown): Record<string, unknown> {
  const now = new Set(blocksOf(current).map((block) => block.id));
  const wanted = blocksOf(texts);
  const kept = new Set(wanted.map((block) => block.id));
  return {
    updatedTexts: wanted.map((block) => ({ id: now.has(block.id) ? block.id : null, text: block.text, textType: block.textType })),
    deletedTextIds: [...now].filter((id) => !kept.has(id)),
  };
}

/**
 * Reporters (`admin/reporters`, SPEC §3 'Reporter'): dated editorial write-ups that target users
 * and user groups (plans), hold text blocks in four categories per language, and list books
 * (`GET admin/reporters/{id}/books`, `DELETE admin/reporters/delete-book`: server/routes/reporterRoutes.ts;
 * a sheet's `reporterList` writes the same links from the other side). A record carries the
 * blocks of one language (`lang`). A save writes the reporter, its targets and the blocks of its
 * `lang` in one transaction: new blocks (id null) are appended, changed ones rewritten, deleted
 * ids removed; an id that is not this reporter's refuses the whole save (422). Saves of one
 * reporter queue on its row; blocks are written one by one, so two staff editing different
 * blocks of one reporter both keep their changes (docs/reporters.md).
 */
/** A reporter's fields (SPEC §3 'Reporter'). */
const fields = {
  id: { column: 'id' },
  title: { column: 'title' },
  date: { column: 'date' },
  reporterStatusId: { column: 'reporterStatusId', invalid: REPORTER_MESSAGES.status },
  reporterStatus: { relation: { one: reporterStatuses, key: 'reporterStatusId', pick: { id: 'id', name: 'name' } } },
  reporterUsers: {
    relation: {
      list: users,
      through: [{ table: reporterUsers, from: 'reporterId', to: 'userId' }],
      pick: {
        id: 'id',
        fullname: { sql: (user) => sql<string>`trim(${columnOf(user, 'firstname')} || ' ' || ${columnOf(user, 'lastname')})`, schema: STRING },
      },
      order: [{ column: 'lastname' }, { column: 'firstname' }],
    },
    writtenAs: (targets) => ({ reporterUserIds: idsOf(targets) }),
  },
  reporterUserRoles: {
    relation: {
      list: plans,
      through: [{ table: reporterUserRoles, from: 'reporterId', to: 'planId' }],
      pick: { id: 'id', name: 'role' },
      order: [{ column: 'amount' }],
    },
    writtenAs: (groups) => ({ reporterUserRoleIds: idsOf(groups) }),
  },
  reporterUserIds: { computed: 'the users it targets (replaces reporterUsers)', returned: 'never', writable: true, writtenBy: 'the targets rule' },
  reporterUserRoleIds: {
    computed: 'the user groups it targets (replaces reporterUserRoles)',
    returned: 'never',
    writable: true,
    writtenBy: 'the targets rule',
  },
  lang: {
    computed: 'the language of the texts: the `lang` asked, else en; on a save, of the blocks written',
    schema: { enum: [...LOCALES] },
    returned: 'record',
    writable: true,
    writtenBy: 'the blocks rule',
    history: false,
    load: async (_db, ids, options) => new Map(ids.map((id) => [id, options.lang ?? DEFAULT_LOCALE])),
  },
  reporterTextsData: {
    computed: 'the blocks of `lang` by category: { rights, alerts, buzz, news: [{ id, text, textType }] }, in order',
    schema: objectOf(
      Object.fromEntries(
        REPORTER_TEXT_TYPES.map((type) => [
          type,
          { type: 'array', items: objectOf({ id: INTEGER, text: STRING, textType: { enum: [...REPORTER_TEXT_TYPES] } }) },
        ]),
      ),
    ),
    returned: 'record',
    history: 'perLanguage',
    writtenAs: blocksWritten,
    load: (db, ids, options) => textsOfReporters(db, ids, options.lang ?? DEFAULT_LOCALE),
  },
  updatedTexts: {
    computed: 'blocks to write in `lang`: [{ id (null for a new one), text, textType }]',
    returned: 'never',
    writable: true,
    writtenBy: 'the blocks rule',
  },
  deletedTextIds: { computed: 'ids of blocks to delete', returned: 'never', writable: true, writtenBy: 'the blocks rule' },
  created_at: { column: 'createdAt', returned: 'record', writable: false, history: false },
  updated_at: { column: 'updatedAt', returned: 'record', writable: false, history: false },
} as const satisfies CustomResourceDefinition['fields'];

export const reporterResource: CustomResourceDefinition = {
  api: 'reporters',
  label: 'Reporter',
  screen: 'reporters',
  table: reporters,
  languageParam: true,
  savedMessage: REPORTER_MESSAGES.saved,
  fields,
  filters: {
    title: { column: 'searchText', op: 'search', words: true },
    userId: { op: 'derived', derived: targetsUser, many: true },
    status: { column: 'reporterStatusId', op: 'in', many: true },
    ids: { column: 'id', op: 'in', many: true },
  },
  store: declaredStore({
    table: reporters,
    fields,
    order: [
      { column: 'date', desc: true },
      { column: 'id', desc: true },
    ],
    searchText: searchOf('title'),
    rules: {
      // Saves of one reporter queue on its row; a new one is first written in its `lang`.
      async beforeSave(tx, id, body) {
        if (id !== undefined) await lockReporter(tx, id);
        await checkRules(tx, id, inputOf(body));
        return id === undefined ? { lang: inputOf(body).lang } : {};
      },
      async afterSave(tx, id, body) {
        const input = inputOf(body);
        await setReporterTargets(tx, id, input.userIds, input.planIds);
        await writeReporterTexts(tx, id, input.lang, input.texts, input.deletedIds);
      },
    },
  }),
};
