import type { Messages } from '../../../common/i18nResources';
import type { Paged } from '../../../common/api';
import type { ScreenImpact } from '../../../common/screenImpact';
import { call, toSearchParams } from '../../engine/api/apiClient';


type Json = Record<string, unknown>;

/** One screen of `GET admin/screens`. */
export interface ScreenSummary {
  name: string;
  kind: 'screen' | 'form';
  customised: boolean;
  version: number;
  author: string | null;
  publishedAt: string | null;
  comment: string | null;
  hasDraft: boolean;
}

/** A screen's definition and labels (a draft's, a version's). */
export interface DraftContent {
  definition: Json;
  labels: Messages;
}

/** `GET admin/screens/{name}`. */
export interface ScreenDetail extends DraftContent {
  name: string;
  kind: 'screen' | 'form';
  version: number;
  customised: boolean;
  draft: (DraftContent & { author: string; updatedAt: string }) | null;
}

/** One version of `GET admin/screens/{name}/versions`. */
export interface VersionSummary {
  version: number;
  author: string | null;
  publishedAt: string | null;
  comment: string | null;
  builtIn: boolean;
  baseVersion: number;
}

export interface ScreenProblem {
  path: string;
  message: string;
}

export interface ScreenDiff {
  changes: string[];
  json: string;
}

export type { ScreenImpact } from '../../../common/screenImpact';

/** What the structured controls may offer for a screen (`GET admin/screens/{name}/catalog`). */
export interface ScreenCatalog {
  listFields: string[];
  filters: { param: string; several?: boolean }[];
  searchParams?: string[];
  formFields: string[];
  widgets: { name: string; options?: Json | null }[];
  fields: { name: string; options?: Json | null }[];
  cells: string[];
  filterWidgets: string[];
  routes?: { name: string; path: string }[];
  languages: { code: string; name: string }[];
  metaSchema: Json;
}

const path = (name: string, rest = '') => `screens/${encodeURIComponent(name)}${rest}`;
const quiet = { silentSuccess: true } as const;

/** The studio's calls (`admin/screens`, docs/screens-at-run-time.md). */
export const studioCalls = {
  list: async (signal?: AbortSignal) => (await call<{ data: ScreenSummary[] }>('get', 'screens', signal ? { signal } : {})).data,
  get: async (name: string, signal?: AbortSignal) => (await call<{ data: ScreenDetail }>('get', path(name), { quietNotFound: true, ...(signal ? { signal } : {}) })).data,
  catalog: async (name: string, signal?: AbortSignal) => (await call<{ data: ScreenCatalog }>('get', path(name, '/catalog'), signal ? { signal } : {})).data,
  /** Saves the draft as staff work: no toast (the page says 'Draft saved'). */
  saveDraft: (name: string, draft: DraftContent) => call<{ message: string; data: { author: string; updatedAt: string } }>('put', path(name, '/draft'), { json: draft, ...quiet, noErrorToast: true }),
  check: async (name: string, draft: DraftContent) => (await call<{ errors: ScreenProblem[] }>('post', path(name, '/check'), { json: draft, ...quiet, noErrorToast: true })).errors,
  impact: async (name: string, draft: DraftContent) => (await call<{ data: ScreenImpact }>('post', path(name, '/impact'), { json: draft, ...quiet, noErrorToast: true })).data,
  /** The preview's save: the server validates `record` with the draft's form, and stores nothing. */
  validate: (name: string, definition: Json, record: Json) => call<{ message: string; errors: Record<string, string[]> }>('post', path(name, '/validate'), { json: { definition, record }, ...quiet, noErrorToast: true }),
  publish: (name: string, comment: string, baseVersion: number) => call<{ message: string; data: VersionSummary }>('post', path(name, '/publish'), { json: { comment, baseVersion }, noErrorToast: true }),
  versions: (name: string, page: number, signal?: AbortSignal) =>
    call<Paged<VersionSummary>>('get', path(name, '/versions'), { searchParams: toSearchParams({ page, perPage: 20 }), ...(signal ? { signal } : {}) }),
  version: async (name: string, version: number, signal?: AbortSignal) => (await call<{ data: DraftContent & VersionSummary }>('get', path(name, `/versions/${version}`), signal ? { signal } : {})).data,
  /** A semantic and a JSON diff between two versions, or a version and the draft (`'draft'`). */
  diff: async (name: string, from: number | 'draft', to: number | 'draft', signal?: AbortSignal) =>
    (await call<{ data: ScreenDiff }>('get', path(name, '/diff'), { searchParams: toSearchParams({ from, to }), ...(signal ? { signal } : {}) })).data,
  rollback: (name: string, version: number, comment: string) => call<{ message: string; data: VersionSummary }>('post', path(name, '/rollback'), { json: { version, comment } }),
  reset: (name: string) => call<{ message: string; data: VersionSummary }>('delete', path(name, '/published')),
  /** The address of a version's export (a download link: the browser saves the file). */
  exportUrl: (name: string, version: number) => `/api/admin/${path(name, `/versions/${version}/export`)}`,
};
