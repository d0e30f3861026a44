import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError, unprocessable } from '../http/errors.js';
import { hasForbiddenCharacter, unstorableError } from '../http/hostileInput.js';
import type { Storage } from '../storage/Storage.js';
import { generateKey } from '../storage/Storage.js';
import { crashPoint } from '../testHooks/crashPoint.js';
import { EXTENSION_MIME, FILE_RULES, fileExtension, type FileRule, type FileRuleName } from './fileRules.js';
import { contentMatchesExtension, EXTENSION_FAMILY, FAMILY_LABEL, SNIFF_LENGTH } from './magicBytes.js';
import { UPLOAD_EXPIRED_MESSAGE, type PendingUploads } from './PendingUploads.js';

/** One file stored by `receiveUploads`. */
export interface UploadedFile {
  /** Form field name as sent, e.g. `image` or `documentList[]`. */
  field: string;
  /** Storage key, e.g. `news/2025/03/1f0e....png`. */
  key: string;
  /** The client's file name, reduced to a base name without control characters. */
  originalName: string;
  size: number;
  /** Content-Type derived from the (checked) extension. */
  mime: string;
  rule: FileRuleName;
}

export interface ReceivedUploads {
  /** Text fields sent once and without brackets, by name (`title`, `withNotification`). */
  fields: Record<string, string>;
  /**
   * Every text field in arrival order, as `[name, value]`, including repeated names and
   * bracketed ones (`authors[]`, `seriesList[0][name]`), for a nested parser.
   */
  entries: [string, string][];
  files: UploadedFile[];
}

/** Where uploads go and how they are recorded until their record is saved. */
export interface UploadTarget {
  storage: Storage;
  /** Each key is recorded here before its file is written (docs/files.md, "Uploads and their records"). */
  pending: PendingUploads;
}

export interface ReceiveUploadsOptions extends UploadTarget {
  /** Field name → rule, e.g. `{ image: 'newsImage' }` or `{ 'documentList[]': 'document', manuscript: 'manuscript' }`. */
  files: Readonly<Record<string, FileRuleName>>;
  /** Storage folder of the new keys (`news`, `books/documents`): lower-case letters, digits, dashes. */
  folder: string;
  /** Bounds of the text part of the form. */
  limits?: { fields?: number; fieldSize?: number };
}

/** Default bounds on the text fields of one request (a full reading sheet stays well under them). */
export const DEFAULT_FIELD_LIMITS = { fields: 5000, fieldSize: 1024 * 1024, fieldNameSize: 200 } as const;

/**
 * Reads a multipart request part by part, streaming each file through the checks of its field's
 * rule into storage: extension, content (magic bytes of the first bytes), size (counted while
 * streaming; the upload is cut as soon as it passes the limit). Text fields are collected.
 *
 * Failures: 415 when the body is not multipart; 422 for a text field holding a character that
 * cannot be stored (NUL; the same rule as JSON bodies, server/http/hostileInput.ts), a file field not in `files`, a wrong
 * extension, content that does not match it, an empty file or too many files in one field
 * (keyed `image`, `documentList.0`, ...); 413 with the rule's size message for an oversize file.
 * On any failure every file this call already stored is removed and the rest of the body is
 * discarded; nothing is left in storage. Empty file inputs (no file name) are skipped.
 *
 * Each key is recorded in `pending` before its file is written, and the request's keys are dated
 * again every `pending.refreshMs` while it streams and once at the end (409 UPLOAD_EXPIRED_MESSAGE,
 * files removed, if the cleanup collected one meanwhile). The caller owns the stored files once
 * this resolves: the transaction saving their record forgets their pending rows (`keepUploads`),
 * and when the save fails it must call `discardUploads`.
 */
export async function receiveUploads(request: FastifyRequest, options: ReceiveUploadsOptions): Promise<ReceivedUploads> {
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new HttpError(415, 'The request body must be multipart/form-data.');
  }
  const rules = Object.values(options.files).map((name) => FILE_RULES[name]);
  const fieldsLimit = options.limits?.fields ?? DEFAULT_FIELD_LIMITS.fields;
  // Busboy counts empty file inputs as files too: one spare per field.
  const filesLimit = rules.reduce((sum, rule) => sum + rule.maxFiles + 1, 0);
  const parts = request.parts({
    limits: {
      fileSize: Math.max(0, ...rules.map((rule) => rule.maxBytes)) + 1,
      files: filesLimit,
      fields: fieldsLimit,
      parts: fieldsLimit + filesLimit,
      fieldSize: options.limits?.fieldSize ?? DEFAULT_FIELD_LIMITS.fieldSize,
      fieldNameSize: DEFAULT_FIELD_LIMITS.fieldNameSize,
    },
  });

  const entries: [string, string][] = [];
  const files: UploadedFile[] = [];
  const countByField = new Map<string, number>();
  let current: MultipartFile | undefined;
  /** Every key recorded as pending by this call, the one being written included. */
  const recorded: string[] = [];
  const { pending } = options;
  // A failed refresh is not fatal here: the one at the end decides.
  const heartbeat = setInterval(() => void pending.refresh(recorded).catch(() => undefined), pending.refreshMs);
  heartbeat.unref();
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldnameTruncated) throw new HttpError(400, 'A form field name is too long.');
        if (part.valueTruncated) {
          const message = 'This value is too long.';
          throw new HttpError(413, message, { [errorKeyFor(part.fieldname, 0)]: [message] });
        }
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        if (hasForbiddenCharacter(part.fieldname) || hasForbiddenCharacter(value)) {
          throw unstorableError({ path: errorKeyFor(part.fieldname, 0).split('.'), problem: 'character' });
        }
        entries.push([part.fieldname, value]);
        continue;
      }
      current = part;
      if (!part.filename) {
        // An empty <input type="file"> still sends a part without a file name.
        part.file.resume();
        await new Promise<void>((resolve, reject) => part.file.once('end', resolve).once('error', reject));
        continue;
      }
      const index = countByField.get(part.fieldname) ?? 0;
      countByField.set(part.fieldname, index + 1);
      const errorKey = errorKeyFor(part.fieldname, index);
      const ruleName = Object.hasOwn(options.files, part.fieldname) ? options.files[part.fieldname] : undefined;
      if (!ruleName) throw unprocessable({ [errorKey]: ['This field does not accept files.'] });
      const rule = FILE_RULES[ruleName];
      if (index >= rule.maxFiles) throw unprocessable({ [errorKey]: [rule.maxFilesMessage] });
      const originalName = cleanFileName(part.filename);
      const extension = fileExtension(originalName);
      if (!rule.extensions.includes(extension)) throw unprocessable({ [errorKey]: [rule.extensionMessage] });

      const mime = EXTENSION_MIME[extension] ?? 'application/octet-stream';
      const key = generateKey(options.folder, extension);
      await pending.add(key);
      recorded.push(key);
      const guarded = pipeline(part.file, new UploadGuard(rule, extension, errorKey, originalName), () => {
        // Errors reach storage.put through the guard, which rejects with them.
      });
      const stored = await options.storage.put(key, guarded, { contentType: mime });
      files.push({ field: part.fieldname, key: stored.key, originalName, size: stored.size, mime, rule: ruleName });
      current = undefined;
    }
    clearInterval(heartbeat);
    if (recorded.length > 0 && (await pending.refresh(recorded)) < recorded.length) throw new HttpError(409, UPLOAD_EXPIRED_MESSAGE);
  } catch (error) {
    clearInterval(heartbeat);
    abandonBody(request, current);
    // The key being written when the failure came has no file (put leaves nothing) but has its row.
    await discardUploads(
      options,
      recorded.map((key) => ({ key })),
    );
    throw asHttpError(error);
  }
  if (files.length > 0) crashPoint('uploads-stored');

  const counts = new Map<string, number>();
  for (const [name] of entries) counts.set(name, (counts.get(name) ?? 0) + 1);
  const fields = Object.fromEntries(entries.filter(([name]) => !name.includes('[') && counts.get(name) === 1));
  return { fields, entries, files };
}

/**
 * Removes stored uploads (ignoring those already gone), then forgets the pending rows of those
 * removed; for a save that fails after `receiveUploads`. Never throws: a file that could not be
 * removed keeps its row, and the cleanup removes both later.
 */
export async function discardUploads({ storage, pending }: UploadTarget, files: readonly Pick<UploadedFile, 'key'>[]): Promise<void> {
  const results = await Promise.allSettled(files.map((file) => storage.remove(file.key)));
  const removed = files.filter((_, i) => results[i]!.status === 'fulfilled').map((file) => file.key);
  await pending.forget(removed).catch(() => undefined);
}

/** The dotted error key of the `index`-th file of a field: `image`, `documentList[]` → `documentList.0`, `a[b][c]` → `a.b.c`. */
export function errorKeyFor(fieldname: string, index: number): string {
  const withIndex = fieldname.endsWith('[]') ? `${fieldname.slice(0, -2)}[${index}]` : fieldname;
  return withIndex.replace(/\[([^\]]*)\]/g, '.$1');
}

/** The client's file name as a base name without control characters, at most 200 characters (extension kept). */
export function cleanFileName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  if (base.length <= 200) return base || 'file';
  const extension = fileExtension(base);
  return extension ? `${base.slice(0, 199 - extension.length)}.${extension}` : base.slice(0, 200);
}

/**
 * Checks a file while it streams: the first SNIFF_LENGTH bytes must match the extension's content
 * family, and the running byte count must stay within the rule. Fails the stream (and so the
 * storage write) with the HttpError to answer.
 */
class UploadGuard extends Transform {
  private received = 0;
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;

  constructor(
    private readonly rule: FileRule,
    private readonly extension: string,
    private readonly errorKey: string,
    private readonly originalName: string,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.rule.maxBytes) {
      callback(new HttpError(413, this.rule.sizeMessage, { [this.errorKey]: [this.rule.sizeMessage] }));
      return;
    }
    if (this.checked) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_LENGTH) {
      callback();
      return;
    }
    this.check(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.checked) callback();
    else this.check(callback);
  }

  private check(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.checked = true;
    if (head.length === 0) {
      callback(unprocessable({ [this.errorKey]: ['The file is empty.'] }));
      return;
    }
    if (!contentMatchesExtension(head, this.extension)) {
      const family = EXTENSION_FAMILY[this.extension];
      const what = family ? FAMILY_LABEL[family] : `.${this.extension} file`;
      const message = `The content of "${this.originalName}" is not a ${what}: it does not match its .${this.extension} extension.`;
      callback(unprocessable({ [this.errorKey]: [message] }));
      return;
    }
    callback(null, head);
  }
}

/**
 * After a failure mid-body: stop the multipart parser (destroying an unfinished file part makes
 * @fastify/multipart unpipe it) and discard the rest of the request, so the error response is
 * delivered and the connection stays usable without buffering the remaining upload.
 */
function abandonBody(request: FastifyRequest, current: MultipartFile | undefined): void {
  if (current && !current.file.readableEnded) current.file.destroy();
  const raw = request.raw;
  if (!raw.readableEnded) {
    raw.unpipe();
    raw.resume();
  }
}

/** Maps parser and stream failures to the HTTP answer; disk failures stay 500s. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const failure = error as { code?: unknown; statusCode?: unknown; message?: unknown; syscall?: unknown } | null;
  switch (failure?.code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, 'Too many files in one request.');
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Too many form fields in one request.');
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'Too many parts in one request.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'The file is larger than this upload allows.');
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return new HttpError(400, 'The upload was interrupted.');
  }
  if (typeof failure?.statusCode === 'number' && failure.statusCode >= 400 && failure.statusCode < 500) {
    return new HttpError(failure.statusCode, typeof failure.message === 'string' ? failure.message : 'Bad request');
  }
  if (failure?.syscall === undefined && error instanceof Error && /multipart|boundary|unexpected end|terminated early|malformed/i.test(error.message)) {
    return new HttpError(400, 'The multipart body is malformed.');
  }
  return error;
}
