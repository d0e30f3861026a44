/**
 * Where the admin API serves stored files: `GET /api/admin/files/*` (server/routes/fileRoutes.ts, in the
 * `/api/admin` scope). Kept here, beside the storage, because services and resources build file
 * URLs for the records they answer and must not import routes.
 */
const FILES_URL_PREFIX = '/api/admin/files/';

/** URL under which an administrator's browser reads a stored file; `name` sets the download name. */
export function fileUrl(key: string, originalName?: string): string {
  const path = FILES_URL_PREFIX + key.split('/').map(encodeURIComponent).join('/');
  return originalName ? `${path}?name=${encodeURIComponent(originalName)}` : path;
}
