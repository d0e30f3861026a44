import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import i18n from '../../i18n';
import { notify } from '../notify/notifications';
import { isSessionLost, keepUnsavedChanges } from '../session/keptChanges';
import { ApiError } from './ApiError';

/** What the shell does when the session is gone (401) or a page is forbidden (403). */
export interface SessionHandlers {
  onUnauthorized(): void;
  onForbidden(): void;
}
let handlers: SessionHandlers = { onUnauthorized: () => undefined, onForbidden: () => undefined };
export function setSessionHandlers(next: SessionHandlers): void {
  handlers = next;
}

/** Per-call switches of the side effects every call has by default. */
export interface CallOptions {
  /** No error toast, no 401 redirect (the current-user check). */
  quiet?: boolean;
  /** No success toast (login, deletes: their screens say it their own way). */
  silentSuccess?: boolean;
  /** No error toast, but the 401/403 redirects still apply (deletes show their own notices). */
  noErrorToast?: boolean;
  /** How long the success toast shows, in ms (SPEC §8: 3 s for a reporter saved; 8 s otherwise). */
  successLife?: number;
  /** No error toast for a 404: the page says it (a record's not-found page). */
  quietNotFound?: boolean;
  /** Sent, and left running, while the session's calls are closed (the session check, login, logout): see `closeSessionCalls`. */
  outsideSession?: boolean;
}

/** Aborts every call of the session in flight; replaced once aborted. */
let sessionCalls = new AbortController();
let sessionCallsClosed = false;

/**
 * Closes the session's calls (a logout): every call in flight is cancelled at once, its answer
 * being a 401 once the session is gone, and none is sent until `openSessionCalls` (a query a page
 * still polls on its way out is refused before it leaves, silently). Calls `outsideSession` go on.
 */
export function closeSessionCalls(): void {
  sessionCallsClosed = true;
  sessionCalls.abort(new DOMException('Logged out', 'AbortError'));
  sessionCalls = new AbortController();
}

/** A session began (a login, a session check that found one): its calls are sent again. */
export function openSessionCalls(): void {
  sessionCallsClosed = false;
}

/** Whether the session's calls are closed: logged out from this page, and not logged in since. */
export const isLoggedOut = (): boolean => sessionCallsClosed;

/** The API's root, absolute (the page's origin): the same URL for ky and `sendEarly`. */
const API_ROOT = new URL('/api/admin/', window.location.href).href;

/** GET requests sent ahead by `sendEarly`, by absolute URL, each waiting for the first call of its URL. */
const early = new Map<string, Promise<Response>>();

const absolute = (path: string) => API_ROOT + path.replace(/^\//, '');

/**
 * Sends GET requests now, in this task. A `call` would send them only once the current script has
 * run (ky waits a microtask), and the app's first module runs before all the others are evaluated
 * (src/app/earlyRequests.ts). The first `call('get', path)` of the same path takes the answer,
 * whatever it is, and applies its rules to it; it cannot cancel the request any more.
 */
export function sendEarly(paths: readonly string[], headers: Readonly<Record<string, string>> = {}): void {
  for (const path of paths) {
    const url = absolute(path);
    if (!early.has(url)) early.set(url, fetch(url, { credentials: 'include', headers: { accept: 'application/json', ...headers } }));
  }
}

function takeEarly(input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : undefined;
  const url = request?.url ?? String(input);
  const sent = (request?.method ?? init?.method ?? 'GET').toUpperCase() === 'GET' ? early.get(url) : undefined;
  if (!sent) return fetch(input, init);
  early.delete(url);
  return sent;
}

const http: KyInstance = ky.create({ prefixUrl: API_ROOT, credentials: 'include', retry: 0, timeout: 60_000, fetch: takeEarly });

async function toApiError(error: unknown): Promise<ApiError | undefined> {
  if (error instanceof HTTPError) {
    let body: { message?: string; errors?: Record<string, string[]> } = {};
    try {
      body = await error.response.clone().json();
    } catch {
      // Not JSON (a proxy error page): keep the fallback message.
    }
    return new ApiError(error.response.status, body.message || i18n.t('notices.unexpectedError'), body.errors ?? {}, body);
  }
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  if (error instanceof Error && error.name === 'AbortError') return undefined;
  return new ApiError(0, i18n.t('notices.unexpectedError'));
}

/**
 * Sends one API call and applies the product's rules: error toast 'Error' (8 s) with the server's
 * message or the French fallback, 401 keeps the forms' unsaved changes, clears the session and
 * goes to login (said once per lost session), 403 goes home,
 * success toast 'Success' after POST/PUT, silent cancellations. Throws ApiError on failure.
 */
export async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: Options & CallOptions = {}): Promise<T> {
  return send(method, path, options, async (response) => {
    const body = response.status === 204 ? ({} as T) : ((await response.json()) as T);
    if ((method === 'post' || method === 'put') && !options.silentSuccess) {
      const message = (body as { message?: string } | null)?.message;
      notify({
        severity: 'success',
        summary: i18n.t('notices.success'),
        detail: message || i18n.t('notices.added'),
        ...(options.successLife ? { life: options.successLife } : {}),
      });
    }
    return body;
  });
}

/** A file the API sends (an export): its content, and its name as the answer gives it. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/**
 * Downloads a file with the rules of `call` for a refusal (its message in a toast, 401 to the
 * login). `onStart` sees the answer's headers before its body is read; `onProgress` each piece
 * of the body as it arrives. No time limit: a large export takes minutes; `signal` stops it.
 */
export async function download(
  path: string,
  options: { searchParams: URLSearchParams; signal: AbortSignal; onStart?(headers: Headers): void; onProgress?(received: number, chunk: Uint8Array): void },
): Promise<DownloadedFile> {
  const { onStart, onProgress, ...kyOptions } = options;
  return send(
    'get',
    path,
    { ...kyOptions, timeout: false, ...(onProgress ? { onDownloadProgress: (progress, chunk) => onProgress(progress.transferredBytes, chunk) } : {}) },
    async (response) => {
      onStart?.(response.headers);
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? path.split('/').join('-');
      return { blob, name };
    },
  );
}

/** One request and the product's rules for a refusal (see `call`); `read` takes the successful answer. */
async function send<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  options: Options & CallOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { quiet, silentSuccess: _silentSuccess, noErrorToast, successLife: _successLife, quietNotFound, outsideSession, ...kyOptions } = options;
  if (!outsideSession) {
    // Logged out: not sent (it would fail with 401), and as quiet as a cancelled call.
    if (sessionCallsClosed) throw new DOMException('Logged out', 'AbortError');
    const { signal } = sessionCalls;
    kyOptions.signal = kyOptions.signal ? AbortSignal.any([kyOptions.signal, signal]) : signal;
  }
  try {
    return await read(await http(path.replace(/^\//, ''), { method, ...kyOptions }));
  } catch (error) {
    const apiError = await toApiError(error);
    if (!apiError) throw error;
    if (!quiet) {
      // A lost session is said once: the calls failing after the first 401 (with 401, or cut off
      // by the way to the login page) add nothing to it.
      if ((apiError.status === 401 || apiError.status === 0) && isSessionLost()) throw apiError;
      if (apiError.status === 401) {
        keepUnsavedChanges();
        handlers.onUnauthorized();
      } else if (apiError.status === 403) handlers.onForbidden();
      if (!noErrorToast && !(quietNotFound && apiError.status === 404))
        notify({ severity: 'error', summary: i18n.t('notices.error'), detail: apiError.message });
    }
    throw apiError;
  }
}

/** Turns a flat object into query parameters, dropping empty values and repeating arrays as `key[]`. */
export function toSearchParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.set(key, String(value));
  }
  return params;
}
