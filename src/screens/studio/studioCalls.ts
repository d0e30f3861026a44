import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Messages } from '../../../common/i18nResources';
import type { CHECK_ANSWER, SCREEN_CATALOG, SCREEN_DETAIL, SCREEN_DIFF, SCREEN_SUMMARY, SCREEN_VERSION, VERSION_ROW } from '../../../common/screenAnswers';
import type { Paged } from '../../../common/api';
import type { ScreenImpact } from '../../../common/screenImpact';
import { call, toSearchParams } from '../../engine/api/apiClient';

type Json = Record<string, unknown>;

/*
 * The answers' types derive from the schemas the server answers with (common/screenAnswers.ts):
 * nothing here copies their shape. A definition and its labels are free-form there; they are
 * typed here as the studio reads them.
 */
type Answer<S extends JSONSchema> = FromSchema<S>;
/** The labels as the studio edits them, in place of the schema's free-form object. */
type WithLabels<T> = Omit<T, 'labels'> & { labels: Messages };

/** One screen of `GET admin/screens`. */
export type ScreenSummary = Answer<typeof SCREEN_SUMMARY>;

/** A screen's definition and labels (a draft's, a version's). */
export interface DraftContent {
  definition: Json;
  labels: Messages;
}

/** `GET admin/screens/{name}`. */
export type ScreenDetail = WithLabels<Omit<Answer<typeof SCREEN_DETAIL>, 'draft'>> & {
  draft: WithLabels<NonNullable<Answer<typeof SCREEN_DETAIL>['draft']>> | null;
};

/** One version of `GET admin/screens/{name}/versions` (a version 0 has no author, time nor comment). */
export type VersionSummary = Omit<Answer<typeof VERSION_ROW>, 'author' | 'publishedAt' | 'comment'> &
  Pick<Answer<typeof SCREEN_VERSION>, 'author' | 'publishedAt' | 'comment'>;

export type ScreenProblem = Answer<typeof CHECK_ANSWER>['errors'][number];

export type ScreenDiff = Answer<typeof SCREEN_DIFF>;

export type { ScreenImpact } from '../../../common/screenImpact';

/** What the structured controls may offer for a screen (`GET admin/screens/{name}/catalog`). */
export type ScreenCatalog = Answer<typeof SCREEN_CATALOG>;

const path = (name: string, rest = '') => `screens/${encodeURIComponent(name)}${rest}`;
const quiet = { silentSuccess: true } as const;

/** The studio's calls (`admin/screens`, docs/screens-at-run-time.md). */
export const studioCalls = {
  list: async (signal?: AbortSignal) => (await call<{ data: ScreenSummary[] }>('get', 'screens', signal ? { signal } : {})).data,
  get: async (name: string, signal?: AbortSignal) =>
    (await call<{ data: ScreenDetail }>('get', path(name), { quietNotFound: true, ...(signal ? { signal } : {}) })).data,
  catalog: async (name: string, signal?: AbortSignal) => (await call<{ data: ScreenCatalog }>('get', path(name, '/catalog'), signal ? { signal } : {})).data,
  /** Saves a version flagged by a release as the draft to repair it from ('Draft saved', or the refusal, in a toast). */
  openRepair: (name: string, draft: DraftContent) =>
    call<{ message: string; data: { author: string; updatedAt: string } }>('put', path(name, '/draft'), { json: draft }),
  /** Saves the draft as staff work: no toast (the page says 'Draft saved'). */
  saveDraft: (name: string, draft: DraftContent) =>
    call<{ message: string; data: { author: string; updatedAt: string } }>('put', path(name, '/draft'), { json: draft, ...quiet, noErrorToast: true }),
  /** Deletes the screen's draft (none left: the same answer); the page says it in a toast. */
  discardDraft: (name: string) => call<{ message: string }>('delete', path(name, '/draft')),
  check: async (name: string, draft: DraftContent) =>
    (await call<{ errors: ScreenProblem[] }>('post', path(name, '/check'), { json: draft, ...quiet, noErrorToast: true })).errors,
  impact: async (name: string, draft: DraftContent) =>
    (await call<{ data: ScreenImpact }>('post', path(name, '/impact'), { json: draft, ...quiet, noErrorToast: true })).data,
  /** The preview's save: the server validates `record` with the draft's form, and stores nothing. */
  validate: (name: string, definition: Json, record: Json) =>
    call<{ message: string; errors: Record<string, string[]> }>('post', path(name, '/validate'), {
      json: { definition, record },
      ...quiet,
      noErrorToast: true,
    }),
  publish: (name: string, comment: string, baseVersion: number) =>
    call<{ message: string; data: VersionSummary }>('post', path(name, '/publish'), { json: { comment, baseVersion }, noErrorToast: true }),
  versions: (name: string, page: number, signal?: AbortSignal) =>
    call<Paged<VersionSummary>>('get', path(name, '/versions'), { searchParams: toSearchParams({ page, perPage: 20 }), ...(signal ? { signal } : {}) }),
  version: async (name: string, version: number, signal?: AbortSignal) =>
    (await call<{ data: DraftContent & VersionSummary }>('get', path(name, `/versions/${version}`), signal ? { signal } : {})).data,
  /** A semantic and a JSON diff between two versions, or a version and the draft (`'draft'`). */
  diff: async (name: string, from: number | 'draft', to: number | 'draft', signal?: AbortSignal) =>
    (await call<{ data: ScreenDiff }>('get', path(name, '/diff'), { searchParams: toSearchParams({ from, to }), ...(signal ? { signal } : {}) })).data,
  rollback: (name: string, version: number, comment: string) =>
    call<{ message: string; data: VersionSummary }>('post', path(name, '/rollback'), { json: { version, comment } }),
  reset: (name: string) => call<{ message: string; data: VersionSummary }>('delete', path(name, '/published')),
  /** The address of a version's export (a download link: the browser saves the file). */
  exportUrl: (name: string, version: number) => `/api/admin/${path(name, `/versions/${version}/export`)}`,
};
