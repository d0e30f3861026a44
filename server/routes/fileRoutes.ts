import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { responses } from '../../common/answerSchemas.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../http/errors.js';
import { storedFilePolicy } from '../plugins/securityHeaders.js';
import { createPendingUploads } from '../uploads/storedPendingUploads.js';
import { createStorage, isValidKey, LocalDiskStorage, type Storage } from '../storage/index.js';
import { LARGEST_FILE_BYTES } from '../uploads/fileRules.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import { DEFAULT_FIELD_LIMITS } from '../uploads/receiveUploads.js';

// `storage` is declared with the app's other decorations (server/fastifyTypes.ts).
declare module 'fastify' {
  interface FastifyInstance {
    /** Where the admin scope's uploads are recorded until their record is saved; set by `buildApp` (or by `fileRoutes` on an app without). */
    pendingUploads: PendingUploads;
  }
}

export interface FileRoutesOptions {
  /** Storage of an app that has none decorated yet (tests), instead of the configured one. */
  storage?: Storage;
  /** Pending-upload bookkeeping to use instead of the database's (tests without a database). */
  pendingUploads?: PendingUploads;
}

/**
 * Registered once in the protected admin scope (without encapsulation, so its siblings see it):
 * uses the app's `storage` and `pendingUploads` (decorating them when the app has none), registers @fastify/multipart for every protected route (streams only; each
 * route checks its own limits through `receiveUploads`), and serves `GET /files/*` (the URLs
 * `fileUrl` of server/storage/fileUrl.ts builds).
 */
export const fileRoutes = fp<FileRoutesOptions>(
  async (instance: FastifyInstance, options: FileRoutesOptions) => {
    // Params and query types come from the route's schema.
    const app = instance.withTypeProvider<JsonSchemaToTsProvider>();
    if (!app.hasDecorator('storage')) app.decorate('storage', options.storage ?? createStorage(app.config));
    else if (options.storage && options.storage !== app.storage) throw new Error('fileRoutes: the app already has a storage; give yours to buildApp');
    const storage = app.storage;
    /** The resource a stored file's folder names (`books/2026/…`), when it is one with a screen. */
    const fileResource = (key: string) => {
      const folder = key.split('/', 1)[0]!;
      return app.services.resources.get(folder)?.definition.screen ? folder : undefined;
    };
    if (!app.hasDecorator('pendingUploads'))
      app.decorate('pendingUploads', options.pendingUploads ?? createPendingUploads(app.db, { cleanupAgeMs: app.config.uploadCleanupAgeMs }));
    else if (options.pendingUploads && options.pendingUploads !== app.pendingUploads)
      throw new Error('fileRoutes: the app already records its pending uploads');
    if (storage instanceof LocalDiskStorage) {
      // A first start: the folder exists before the first upload, so the readiness check passes.
      await storage.ensureRoot().catch((error: unknown) => app.log.warn({ err: error }, 'could not create the storage folder'));
      await storage.sweepTemp().catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep temporary upload files'));
    }

    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: LARGEST_FILE_BYTES + 1,
        files: 50,
        fields: DEFAULT_FIELD_LIMITS.fields,
        parts: DEFAULT_FIELD_LIMITS.fields + 50,
        fieldSize: DEFAULT_FIELD_LIMITS.fieldSize,
        fieldNameSize: DEFAULT_FIELD_LIMITS.fieldNameSize,
      },
    });

    app.get(
      '/files/*',
      {
        // A stored file is read as its record is: its folder names its resource (`books/2026/…`).
        config: {
          need: {
            screenOf: { describe: 'the resource its folder names', find: (request) => fileResource((request.params as { '*': string })['*']) },
            action: 'read',
          },
        },
        schema: {
          params: { type: 'object', properties: { '*': { type: 'string' } }, required: ['*'] },
          querystring: { type: 'object', properties: { name: { type: 'string', maxLength: 255 } } },
          response: {
            ...responses({ description: 'The stored file, as stored (its type from its content)', type: 'string', format: 'binary' }, [401, 403, 404, 416]),
            206: { description: 'The part of the file a `Range` asked for', type: 'string', format: 'binary' },
          },
        } as const,
      },
      async (request, reply) => {
        const key = request.params['*'];
        if (!isValidKey(key)) throw notFound('File');
        const range = parseRange(request.headers.range);
        const file = await storage.get(key, range);
        if (!file) throw notFound('File');
        if (range && range.start >= file.size) {
          file.stream.destroy();
          throw new HttpError(416, 'Requested range not satisfiable', undefined, { 'Content-Range': `bytes */${file.size}` });
        }

        const contentType = file.contentType ?? 'application/octet-stream';
        reply.header('Content-Type', contentType);
        reply.header('X-Content-Type-Options', 'nosniff');
        // Opened in a tab of its own, a stored file runs no script whatever its content.
        reply.header('Content-Security-Policy', storedFilePolicy(contentType));
        // Unpublished manuscripts and documents: no copy is kept on the disk of a shared computer.
        reply.header('Cache-Control', 'no-store');
        reply.header('Accept-Ranges', 'bytes');
        if (request.query.name) reply.header('Content-Disposition', inlineDisposition(request.query.name));

        if (range) {
          // An open-ended or too long range reads to the end of the file.
          const end = Math.min(range.end, file.size - 1);
          reply.code(206);
          reply.header('Content-Range', `bytes ${range.start}-${end}/${file.size}`);
          reply.header('Content-Length', end - range.start + 1);
          return reply.send(file.stream as never);
        }
        reply.header('Content-Length', file.size);
        return reply.send(file.stream as never);
      },
    );
  },
  { name: 'admin-files', fastify: '5.x' },
);

/**
 * One `bytes=start-end` or `bytes=start-` range (what media elements send), else undefined: the
 * whole file is then served (suffix and multiple ranges are ignored, as RFC 9110 allows).
 */
function parseRange(header: string | undefined): { start: number; end: number } | undefined {
  const match = header === undefined ? null : /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return undefined;
  return { start, end };
}

/** `inline; filename="<name>"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
export function inlineDisposition(name: string): string {
  const clean =
    name
      .replace(/\p{Cc}/gu, '')
      .replace(/[\\/]/g, '_')
      .trim() || 'file';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  if (ascii === clean) return `inline; filename="${ascii}"`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
