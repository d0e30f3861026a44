import { textsByDottedKey, type Messages } from '../../common/i18nResources.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { Db } from '../db/client.js';
import {
  deleteScreenDraft,
  findScreenDraft,
  findScreenVersion,
  insertScreenVersion,
  latestScreenVersion,
  listScreenVersions,
  screensWithDrafts,
  upsertScreenDraft,
  type ScreenVersionRow,
} from '../db/repositories/screens/screenVersionRepository.js';
import { checkContext, checkScreen } from '../definitions/checkDefinitions.js';
import type { ServedList } from '../definitions/servedLists.js';
import { checkStoredRules, STORAGE_MESSAGE } from '../definitions/check/checkStoredRules.js';
import { dotted } from '../definitions/check/problem.js';
import { englishTexts } from '../definitions/englishLabels.js';
import { compileFormValidator } from '../definitions/formValidator.js';
import { checkSchemaLanguage } from '../definitions/check/checkSchemaLanguage.js';
import { definitionTooLarge } from '../definitions/definitionBounds.js';
import { loadValidatorsModule, validatorsModuleOf, ValidatorsModuleError } from '../definitions/loadValidatorsModule.js';
import { setImmediate as turn } from 'node:timers/promises';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import { labelNamespace } from '../../common/labelNamespace.js';
import { expandDefinition, isCustomised, type ScreenInUse, type ScreenRegistry } from '../definitions/screenRegistry.js';
import { HttpError, notFound, unprocessable } from '../http/errors.js';
import { paged, paging } from '../http/paging.js';
import { screenDiff } from './screenDiff.js';
import { insertRevision } from '../db/repositories/engine/historyRepository.js';
import { screenPublishRevision } from './screenPublishRevision.js';

/** One problem of a definition: where (a dotted JSON path), and what to do, in staff's words. */
export interface ScreenProblem {
  path: string;
  message: string;
}

/** Who changes a screen. */
export interface ScreenAuthor {
  id: number | null;
  name: string;
}

export const SCREEN_MESSAGES = {
  draftSaved: 'Draft saved',
  draftDiscarded: 'Draft discarded: the screen stays as published.',
  published: (version: number) => `Published as version ${version}`,
  noDraft: 'This screen has no draft to publish: save a draft first.',
  stale: (version: number, author: string) =>
    `Version ${version} was published by ${author} since this draft was based on: review their changes before publishing.`,
  notPublishable: 'The draft has errors: correct them before publishing.',
  unknownVersion: (version: number) => `This screen has no version ${version}.`,
  noDraftToCompare: 'This screen has no draft to compare: save a draft first.',
  noForm: 'This screen has no form: no record is saved through it.',
  storage: STORAGE_MESSAGE,
} as const;

/** A side of a diff: a version number (0: the built-in file), or `draft`, the screen's stored draft. */
export type VersionRef = number | 'draft';

/** The problems of a definition as a 422's errors: every message at its path. */
export function problemErrors(problems: readonly ScreenProblem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[problem.path] ??= []).push(problem.message);
  return errors;
}

/** The parts of a definition that decide storage and routes: a published version keeps the built-in file's. */
const FIXED_PATHS = ['resource', 'api', 'routes', 'permissions', 'form.method', 'form.multipart', 'form.bespoke'] as const;

const at = (value: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);

/** The top-level file fields of a form (`fileUpload`): they are stored columns and routes. */
function fileFields(definition: unknown): string {
  const ui = (at(definition, 'form.uiSchema') ?? {}) as Record<string, { 'ui:widget'?: unknown }>;
  return Object.keys(ui)
    .filter((key) => ui[key]?.['ui:widget'] === 'fileUpload')
    .sort()
    .join(',');
}

/** Whether a save of the list's records sends each whole (a field left out is emptied: ResourceSurface `wholeSave`). */
const wholeSave = (served: ServedList | undefined): boolean => Boolean((served?.record ?? served?.surface)?.wholeSave);

/** Labels are texts, nested by key: anything else is refused at its path. */
function labelProblems(labels: unknown, path = 'labels'): ScreenProblem[] {
  if (!labels || typeof labels !== 'object' || Array.isArray(labels))
    return [{ path, message: 'must be an object of texts, keyed like the screen’s i18n keys' }];
  return Object.entries(labels).flatMap(([key, value]) =>
    typeof value === 'string'
      ? []
      : value && typeof value === 'object'
        ? labelProblems(value, `${path}.${key}`)
        : [{ path: `${path}.${key}`, message: 'must be a text' }],
  );
}

/** The service of the screen definitions in use, their versions and drafts (`admin/screens`). */
export function createScreenService(db: Db, registry: ScreenRegistry) {
  function known(name: string): ScreenInUse {
    const builtIn = registry.builtIn(name);
    if (!builtIn) throw notFound('screen');
    return builtIn;
  }

  /**
   * Every problem of a definition and its labels, as the complete check finds them; empty when it
   * can be published. The screen is checked among the others in use, as it would be used.
   */
  function check(name: string, input: { definition?: unknown; labels?: unknown }): ScreenProblem[] {
    const builtIn = known(name);
    // Bounded before anything reads it (docs/security.md, "Definitions are untrusted input").
    const tooLarge = definitionTooLarge(input);
    if (tooLarge) throw tooLarge;
    const problems: ScreenProblem[] = labelProblems(input.labels ?? {});
    const definition = input.definition;
    if (!definition || typeof definition !== 'object' || Array.isArray(definition))
      return [...problems, { path: '(definition)', message: 'must be a screen definition (a JSON object)' }];
    const namespace = labelNamespace(builtIn.definition);
    // The draft's labels are texts of the screen's namespace: its new keys exist.
    const i18nKeys = new Set([...englishTexts().keys(), ...textsByDottedKey(input.labels, namespace).keys()]);
    // Nothing else is read of a form schema outside the closed language (checkSchemaLanguage).
    const schema = at(upgradeDefinition(definition), 'form.schema');
    if (schema !== undefined && !checkSchemaLanguage(schema, ['form', 'schema'], (path, message) => problems.push({ path: dotted(path), message })))
      return problems;
    for (const path of FIXED_PATHS) {
      if (JSON.stringify(at(definition, path)) !== JSON.stringify(at(builtIn.definition, path))) problems.push({ path, message: SCREEN_MESSAGES.storage });
    }
    if (fileFields(definition) !== fileFields(builtIn.definition))
      problems.push({ path: 'form.uiSchema', message: `its file fields (fileUpload) ${SCREEN_MESSAGES.storage}` });
    if (problems.some((problem) => problem.path === 'resource')) return problems;
    let screen: ScreenDefinition;
    try {
      screen = expandDefinition(definition as Record<string, unknown>);
    } catch {
      // The meta-schema's problems, each at its path, as the check reports them.
      return [...problems, ...checkScreen(definition, checkContext(registry.screens.values(), { i18nKeys }))];
    }
    const others = [...registry.screens.values()].filter((other) => other.resource !== name);
    const context = checkContext([...others, screen], { i18nKeys });
    problems.push(...checkScreen(definition, context));
    if (screen.form && builtIn.screen.form) {
      // Stricter rules and other texts only: what the form accepts, the storage holds (the fields themselves are checked as served).
      // A resource whose save empties a field left out (the sheet's) keeps every field of its form.
      checkStoredRules(screen.form.schema, builtIn.screen.form.schema, ['form', 'schema'], (path, message) => problems.push({ path: dotted(path), message }), {
        topProperties: wholeSave(context.lists.get(screen.api)) ? 'fixed' : 'served',
      });
      if (problems.length === 0) compiles(screen.form.schema, problems);
    }
    return problems;
  }

  /** A form schema the server cannot compile into its validator is refused at `form.schema`, with the reason. */
  function compiles(schema: object, problems: ScreenProblem[]): void {
    try {
      compileFormValidator(schema);
    } catch (error) {
      problems.push({ path: 'form.schema', message: `cannot be used: its validator cannot be compiled (${(error as Error).message})` });
    }
  }

  /**
   * The complete check of a version about to be used (a publish, a stored version read by the
   * registry): `check`, then the browser's validators module of the schema the browser shows,
   * built and loaded as the browser will load it (loadValidatorsModule), so no version that passes
   * breaks a colleague's form page. A failure is a problem at `form.schema` with the reason. Other
   * requests run between its steps: each is bounded by the definition's bounds, and the module's
   * build and load cost as much as the rest (the studio's checks after each edit leave them out).
   */
  async function checkServable(name: string, input: { definition?: unknown; labels?: unknown }): Promise<ScreenProblem[]> {
    const problems = check(name, input);
    if (problems.length) return problems;
    const upgraded = upgradeDefinition(input.definition);
    let shown: unknown;
    try {
      shown = expandDefinition(upgraded as Record<string, unknown>).form?.schema;
    } catch (error) {
      return [{ path: 'form.schema', message: `cannot be used: ${(error as Error).message}` }];
    }
    if (!shown) return problems;
    try {
      await turn();
      const source = validatorsModuleOf(shown as object);
      await turn();
      loadValidatorsModule(source, []);
    } catch (error) {
      return [{ path: 'form.schema', message: `cannot be used: ${error instanceof ValidatorsModuleError ? error.message : (error as Error).message}` }];
    }
    return problems;
  }

  /** Why the built-in file serves in place of the newest version, if it does (docs/screens-at-run-time.md, 'Releases'). */
  function releaseFlags(inUse: ScreenInUse) {
    return { unfit: inUse.unfit ?? null, conflict: inUse.conflict ?? null };
  }

  function summary(row: ScreenVersionRow | undefined) {
    return row
      ? { version: row.version, author: row.authorName, publishedAt: row.createdAt.toISOString(), comment: row.comment }
      : { version: 0, author: null, publishedAt: null, comment: null };
  }

  /** A version's definition and labels: version 0, or a return to the built-in file, is the file. */
  async function versionContent(name: string, version: number): Promise<{ definition: Record<string, unknown>; labels: Messages; row?: ScreenVersionRow }> {
    const builtIn = known(name);
    if (version === 0) return { definition: builtIn.definition, labels: builtIn.labels };
    const row = await findScreenVersion(db, name, version);
    if (!row) throw new HttpError(404, SCREEN_MESSAGES.unknownVersion(version));
    return {
      definition: (row.definition as Record<string, unknown> | null) ?? builtIn.definition,
      labels: (row.labels as Messages | null) ?? builtIn.labels,
      row,
    };
  }

  /** The stored draft's definition and labels, as a publish would take them; 404 when the screen has none. */
  async function draftContent(name: string): Promise<{ definition: Record<string, unknown>; labels: Messages }> {
    known(name);
    const draft = await findScreenDraft(db, name);
    if (!draft) throw new HttpError(404, SCREEN_MESSAGES.noDraftToCompare);
    return { definition: draft.definition as Record<string, unknown>, labels: (draft.labels ?? {}) as Messages };
  }

  /**
   * Adds a version after `baseVersion` (409 when another was published since), then uses it here at once.
   * `baseFile` and `baseLabels`: the built-in file and labels its definition was made from (none: a return to the file).
   */
  async function addVersion(
    name: string,
    content: { definition: unknown; labels: unknown; baseFile?: unknown; baseLabels?: unknown },
    meta: { comment: string; baseVersion: number; author: ScreenAuthor },
  ) {
    // The version and its entry in the records' history (the activity lists publishes) commit together.
    const inserted = await db.transaction(async (tx) => {
      const row = await insertScreenVersion(
        tx,
        {
          screen: name,
          definition: content.definition,
          labels: content.labels,
          baseFile: content.baseFile ?? null,
          baseLabels: content.baseLabels ?? null,
          authorId: meta.author.id,
          authorName: meta.author.name,
          comment: meta.comment,
          baseVersion: meta.baseVersion,
        },
        meta.baseVersion,
      );
      if (row) await insertRevision(tx, screenPublishRevision(row));
      return row;
    });
    if (!inserted) {
      const latest = await latestScreenVersion(db, name);
      throw new HttpError(409, SCREEN_MESSAGES.stale(latest?.version ?? 0, latest?.authorName ?? 'a colleague'));
    }
    await registry.sync(db);
    return inserted;
  }

  return {
    check,
    checkServable,

    async list() {
      const drafts = await screensWithDrafts(db);
      await registry.sync(db);
      return registry.names().map((name) => {
        const inUse = registry.inUse(name)!;
        return { name, customised: isCustomised(inUse), ...summary(inUse.row), hasDraft: drafts.has(name), ...releaseFlags(inUse) };
      });
    },

    async get(name: string) {
      known(name);
      await registry.sync(db);
      const inUse = registry.inUse(name)!;
      const draft = await findScreenDraft(db, name);
      return {
        name,
        version: inUse.version,
        customised: isCustomised(inUse),
        definition: inUse.definition,
        labels: inUse.labels,
        ...releaseFlags(inUse),
        rebased: Boolean(inUse.rebased),
        repair: inUse.repair ?? null,
        draft: draft ? { definition: draft.definition, labels: draft.labels, author: draft.authorName, updatedAt: draft.updatedAt.toISOString() } : null,
      };
    },

    async saveDraft(name: string, body: { definition?: unknown; labels?: unknown }, author: ScreenAuthor) {
      known(name);
      if (body.definition === undefined || body.definition === null || typeof body.definition !== 'object')
        throw unprocessable({ definition: ['The definition field is required: a screen definition (a JSON object).'] });
      const tooLarge = definitionTooLarge(body);
      if (tooLarge) throw tooLarge;
      const labelErrors = labelProblems(body.labels ?? {});
      if (labelErrors.length) throw unprocessable(Object.fromEntries(labelErrors.map((problem) => [problem.path, [problem.message]])));
      const draft = await upsertScreenDraft(db, {
        screen: name,
        definition: body.definition,
        labels: body.labels ?? {},
        authorId: author.id,
        authorName: author.name,
      });
      return { message: SCREEN_MESSAGES.draftSaved, data: { author: draft.authorName, updatedAt: draft.updatedAt.toISOString() } };
    },

    /** Throws the screen's draft away (none left: the same answer, the draft is gone either way); what is published stays. */
    async discardDraft(name: string) {
      known(name);
      await deleteScreenDraft(db, name);
      return { message: SCREEN_MESSAGES.draftDiscarded };
    },

    async publish(name: string, body: { comment?: unknown; baseVersion?: unknown }, author: ScreenAuthor) {
      known(name);
      const baseVersion = body.baseVersion;
      if (!Number.isInteger(baseVersion) || (baseVersion as number) < 0)
        throw unprocessable({ baseVersion: ['The base version must be the version the draft was made from (an integer from 0).'] });
      const draft = await findScreenDraft(db, name);
      if (!draft) throw unprocessable({ draft: [SCREEN_MESSAGES.noDraft] });
      const problems = await checkServable(name, { definition: draft.definition, labels: draft.labels });
      if (problems.length)
        throw new HttpError(422, SCREEN_MESSAGES.notPublishable, Object.fromEntries(problems.map((problem) => [problem.path, [problem.message]])));
      // The version records the built-in file it was made from: a release that changes the file re-applies its changes onto the new one.
      const builtIn = known(name);
      const row = await addVersion(
        name,
        { definition: draft.definition, labels: draft.labels, baseFile: builtIn.definition, baseLabels: builtIn.labels },
        { comment: typeof body.comment === 'string' ? body.comment.trim() : '', baseVersion: baseVersion as number, author },
      );
      await deleteScreenDraft(db, name);
      return { message: SCREEN_MESSAGES.published(row.version), data: summary(row) };
    },

    async versions(name: string, query: { page?: number; perPage?: number }) {
      known(name);
      const page = paging(query);
      const { rows, total } = await listScreenVersions(db, name, page);
      return paged(
        rows.map((row) => ({ ...summary(row), builtIn: row.definition === null, baseVersion: row.baseVersion })),
        total,
        page,
      );
    },

    async version(name: string, version: number) {
      const { definition, labels, row } = await versionContent(name, version);
      return { name, ...summary(row), definition, labels };
    },

    /** What changed from one version to another, or between a version and the stored draft (`draft`: 404 when there is none). */
    async diff(name: string, from: VersionRef, to: VersionRef) {
      const content = (side: VersionRef) => (side === 'draft' ? draftContent(name) : versionContent(name, side));
      const [left, right] = await Promise.all([content(from), content(to)]);
      const builtIn = known(name);
      return screenDiff(left, right, { namespace: labelNamespace(builtIn.definition), text: (key) => englishTexts().get(key) });
    },

    async rollback(name: string, body: { version?: unknown; comment?: unknown }, author: ScreenAuthor) {
      const version = body.version;
      if (!Number.isInteger(version) || (version as number) < 0)
        throw unprocessable({ version: ['The version must be one of this screen’s versions (an integer from 0).'] });
      const { row } = await versionContent(name, version as number);
      const current = (await latestScreenVersion(db, name))?.version ?? 0;
      const comment = typeof body.comment === 'string' && body.comment.trim() ? body.comment.trim() : `Back to version ${String(version)}`;
      const added = await addVersion(
        name,
        { definition: row?.definition ?? null, labels: row?.labels ?? null, baseFile: row?.baseFile, baseLabels: row?.baseLabels },
        { comment, baseVersion: current, author },
      );
      return { message: SCREEN_MESSAGES.published(added.version), data: summary(added) };
    },

    async reset(name: string, author: ScreenAuthor) {
      known(name);
      const current = (await latestScreenVersion(db, name))?.version ?? 0;
      const added = await addVersion(name, { definition: null, labels: null }, { comment: 'Back to the built-in file', baseVersion: current, author });
      return { message: SCREEN_MESSAGES.published(added.version), data: summary(added) };
    },

    /** The name of a version's export: the screen's file (`genres.screen.json`). */
    exportName(name: string): string {
      known(name);
      return `${name}.screen.json`;
    },

    /** A version as the file to commit to `schemas/`: its own key order, two-space indents, a final newline. */
    async exportFile(name: string, version: number): Promise<string> {
      const { definition } = await versionContent(name, version);
      return `${JSON.stringify(definition, null, 2)}\n`;
    },
  };
}

export type ScreenService = ReturnType<typeof createScreenService>;
