import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import i18n from '../../i18n';
import { notify } from '../notify/notifications';
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
}

const http: KyInstance = ky.create({ prefixUrl: '/api/admin', credentials: 'include', retry: 0, timeout: 60_000 });

async function toApiError(error: unknown): Promise<ApiError | undefined> {
  if (error instanceof HTTPError) {
    let body: { message?: string; errors?: Record<string, string[]> } = {};
    try {
      body = await error.response.clone().json();
    } catch {
      // Not JSON (a proxy error page): keep the fallback message.
    }
    return new ApiError(error.response.status, body.message || i18n.t('notices.unexpectedError'), body.errors ?? {});
  }
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  if (error instanceof Error && error.name === 'AbortError') return undefined;
  return new ApiError(0, i18n.t('notices.unexpectedError'));
}

/**
 * Sends one API call and applies the product's rules: error toast 'Error' (8 s) with the server's
 * message or the French fallback, 401 clears the session and goes to login, 403 goes home,
 * success toast 'Success' after POST/PUT, silent cancellations. Throws ApiError on failure.
 */
export async function call<T>(method: 'get' | 'post' | 'put' | 'delete', path: string, options: Options & CallOptions = {}): Promise<T> {
  const { quiet, silentSuccess, noErrorToast, ...kyOptions } = options;
  try {
    const response = await http(path.replace(/^\//, ''), { method, ...kyOptions });
    const body = response.status === 204 ? ({} as T) : ((await response.json()) as T);
    if ((method === 'post' || method === 'put') && !silentSuccess) {
      const message = (body as { message?: string } | null)?.message;
      notify({ severity: 'success', summary: i18n.t('notices.success'), detail: message || i18n.t('notices.added') });
    }
    return body;
  } catch (error) {
    const apiError = await toApiError(error);
    if (!apiError) throw error;
    if (!quiet) {
      if (apiError.status === 401) handlers.onUnauthorized();
      else if (apiError.status === 403) handlers.onForbidden();
      if (!noErrorToast) notify({ severity: 'error', summary: i18n.t('notices.error'), detail: apiError.message });
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
