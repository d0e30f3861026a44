import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  generateKey,
  InvalidStorageKeyError,
  isValidKey,
  LocalDiskStorage,
  S3Storage,
  S3_PART_SIZE,
  type Storage,
  type StoredEntry,
} from '../../server/storage/index.js';
import { startS3rver, type S3rverProcess } from '../helpers/s3rverProcess.js';

// The Storage contract (server/storage/Storage.ts), one suite run against each implementation:
// the local disk in a temporary folder, and S3Storage on a local s3rver. What only one of them
// does is tested after the suite (S3) or in storage.test.ts (disk).

/** A fresh, empty storage, and storages of the same kind that cannot be used. */
interface Subject {
  storage: Storage;
  unusable: Array<{ what: string; storage: Storage; reason: RegExp }>;
}

const MiB = 1024 * 1024;
const INVALID_KEYS = [
  '../secret.txt',
  'a/../../secret.txt',
  '/etc/passwd',
  '.tmp/x.part',
  'a\\..\\b',
  'a//b',
  '',
  'a/./b',
  'a/',
  'bad name.pdf',
  'a'.repeat(600),
];

async function listed(storage: Storage, prefix?: string): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const entry of storage.list(prefix)) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/** `data` as a stream of 64 KiB chunks, as an upload arrives. */
function chunked(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
    })(),
  );
}

/** A source that sends `bytes`, then fails with `error` (or is destroyed without one: an aborted request). */
function failingSource(bytes: number, error?: Error): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(error);
        return;
      }
      const chunk = Buffer.alloc(Math.min(MiB, bytes - sent), sent % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The contract suite, against the storages `makeSubject` builds (one per test). */
function storageContract(name: string, makeSubject: () => Promise<Subject>): void {
  describe(`${name}: the Storage contract`, () => {
    let storage: Storage;
    let subject: Subject;
    beforeEach(async () => {
      subject = await makeSubject();
      storage = subject.storage;
    });

    it('stores a stream and gives it back with its size and content type', async () => {
      const key = generateKey('contract', 'pdf');
      expect(await storage.put(key, Readable.from([Buffer.from('%PDF-1.7 hello '), 'world']), { contentType: 'application/pdf' })).toEqual({ key, size: 20 });
      const file = await storage.get(key);
      expect(file).toMatchObject({ size: 20, contentType: 'application/pdf' });
      expect(await text(file!.stream)).toBe('%PDF-1.7 hello world');

      const empty = generateKey('contract', 'png');
      expect(await storage.put(empty, Readable.from([]), { contentType: 'image/png' })).toEqual({ key: empty, size: 0 });
      const none = await storage.get(empty);
      expect(none).toMatchObject({ size: 0, contentType: 'image/png' });
      expect((await buffer(none!.stream)).length).toBe(0);
    });

    it('reads byte ranges: start, middle, end, past the end; the size is always the whole file', async () => {
      const data = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
      const key = generateKey('contract', 'pdf');
      await storage.put(key, Readable.from([data]), { contentType: 'application/pdf' });
      for (const [start, end] of [
        [0, 9],
        [40, 59],
        [90, 99],
        [95, Number.MAX_SAFE_INTEGER], // an open-ended `bytes=95-`, as the file route passes it
      ] as const) {
        const part = await storage.get(key, { start, end });
        expect(part!.size, `${start}-${end}`).toBe(100);
        expect(await buffer(part!.stream), `${start}-${end}`).toEqual(data.subarray(start, end + 1));
      }
      const past = await storage.get(key, { start: 100, end: 120 });
      expect(past!.size).toBe(100);
      expect((await buffer(past!.stream)).length).toBe(0);
      expect(await storage.get(generateKey('contract', 'pdf'), { start: 0, end: 9 })).toBeNull();
    });

    it('stores a file of several parts (over 20 MiB) and reads it back identical', { timeout: 60_000 }, async () => {
      const data = randomBytes(20 * MiB + 12_345);
      const key = generateKey('contract', 'mp4');
      expect(await storage.put(key, chunked(data), { contentType: 'video/mp4' })).toEqual({ key, size: data.length });
      const file = await storage.get(key);
      expect(file!.size).toBe(data.length);
      expect(sha256(await buffer(file!.stream))).toBe(sha256(data));
      // A range across the boundary of the first two parts.
      const across = await storage.get(key, { start: S3_PART_SIZE - 10, end: S3_PART_SIZE + 9 });
      expect(await buffer(across!.stream)).toEqual(data.subarray(S3_PART_SIZE - 10, S3_PART_SIZE + 10));
      expect((await listed(storage, 'contract')).map((entry) => entry.size)).toEqual([data.length]);
    });

    it.each([
      ['after more than one part', 2 * S3_PART_SIZE + 2 * MiB],
      ['within the first part', 64 * 1024],
    ])('leaves nothing when the source fails %s', { timeout: 60_000 }, async (_when, bytes) => {
      const key = generateKey('failing', 'mp4');
      await expect(storage.put(key, failingSource(bytes, new Error('client went away')), { contentType: 'video/mp4' })).rejects.toThrow('client went away');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await listed(storage)).toEqual([]);
    });

    it('leaves nothing when the source is destroyed (an aborted request)', async () => {
      const key = generateKey('failing', 'pdf');
      await expect(storage.put(key, failingSource(100_000), { contentType: 'application/pdf' })).rejects.toThrow();
      expect(await storage.exists(key)).toBe(false);
      expect(await listed(storage)).toEqual([]);
    });

    it('removes a file: true when it existed, false after', async () => {
      const key = generateKey('contract', 'pdf');
      await storage.put(key, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
      expect(await storage.remove(key)).toBe(true);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      expect(await storage.remove(key)).toBe(false);
      expect(await storage.remove(generateKey('contract', 'pdf'))).toBe(false);
    });

    it('tells which keys exist: not an unknown key, nor a folder of stored files', async () => {
      const key = generateKey('contract', 'pdf');
      await storage.put(key, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
      expect(await storage.exists(key)).toBe(true);
      expect(await storage.exists(generateKey('contract', 'pdf'))).toBe(false);
      expect(await storage.exists(path.posix.dirname(key))).toBe(false);
      expect(await storage.get(path.posix.dirname(key))).toBeNull();
    });

    it('lists the files under a folder, or all of them, with their sizes and dates', async () => {
      const before = Date.now();
      const keys = {
        first: generateKey('listed', 'pdf'),
        deeper: generateKey('listed/deeper', 'png'),
        // Starts like the folder, is not in it. ('listed-more' would also do on S3, but s3rver lists
        // folders in directory order, not in key order, and loses keys between its pages.)
        sibling: generateKey('listedmore', 'pdf'),
        other: generateKey('other', 'pdf'),
      };
      await storage.put(keys.first, Readable.from(['%PDF-1.7']), { contentType: 'application/pdf' });
      await storage.put(keys.deeper, Readable.from(['png']), { contentType: 'image/png' });
      await storage.put(keys.sibling, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
      await storage.put(keys.other, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
      const after = Date.now();

      const inFolder = await listed(storage, 'listed');
      expect(inFolder.map((entry) => entry.key)).toEqual([keys.first, keys.deeper].sort());
      expect(inFolder.find((entry) => entry.key === keys.first)!.size).toBe(8);
      expect(inFolder.find((entry) => entry.key === keys.deeper)!.size).toBe(3);
      for (const entry of inFolder) {
        // Object storage dates to the second.
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(after + 1000);
      }
      expect((await listed(storage)).map((entry) => entry.key)).toEqual(Object.values(keys).sort());
      expect(await listed(storage, 'listed/deeper')).toHaveLength(1);
      expect(await listed(storage, 'missing')).toEqual([]);
    });

    it('refuses keys that are malformed or could escape the root, and stores nothing for them', async () => {
      for (const key of INVALID_KEYS) {
        expect(isValidKey(key), key).toBe(false);
        await expect(storage.put(key, Readable.from(['x']), { contentType: 'text/plain' }), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.remove(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      await expect(listed(storage, '../outside')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(await listed(storage)).toEqual([]);
    });

    it('checks that it can be used, and says why it cannot', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
      expect(await listed(storage)).toEqual([]); // the check leaves nothing
      expect(subject.unusable.length).toBeGreaterThan(0);
      for (const { what, storage: unusable, reason } of subject.unusable) {
        await expect(unusable.check(), what).rejects.toThrow(reason);
      }
    });
  });
}

// ——— The local disk ———

const folders: string[] = [];
const isRoot = process.getuid?.() === 0;

storageContract('LocalDiskStorage', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
  folders.push(folder);
  const storage = new LocalDiskStorage(path.join(folder, 'files'));
  await storage.ensureRoot();
  await writeFile(path.join(folder, 'a-file'), 'x');
  const unusable = [
    { what: 'missing root', storage: new LocalDiskStorage(path.join(folder, 'missing')), reason: /storage folder .*missing does not exist/ },
    { what: 'root is a file', storage: new LocalDiskStorage(path.join(folder, 'a-file')), reason: /is not a folder/ },
  ];
  // Root writes anywhere whatever the mode: the case can only be seen as another user.
  if (!isRoot) {
    const readOnly = new LocalDiskStorage(path.join(folder, 'read-only'));
    await readOnly.ensureRoot();
    await chmod(readOnly.root, 0o555);
    unusable.push({ what: 'read-only root', storage: readOnly, reason: /is not writable \(EACCES\)/ });
  }
  return { storage, unusable };
});

afterAll(async () => {
  for (const folder of folders) {
    if (!isRoot) await chmod(path.join(folder, 'read-only'), 0o755).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  }
});

// ——— S3 (s3rver) ———

let s3rver: S3rverProcess;
let admin: S3Client;
const s3Storages: S3Storage[] = [];
let buckets = 0;

beforeAll(async () => {
  s3rver = await startS3rver();
  admin = new S3Client({ endpoint: s3rver.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: s3rver.credentials });
});
afterAll(async () => {
  for (const storage of s3Storages) storage.client.destroy();
  admin?.destroy();
  await s3rver?.close();
});

/** An S3Storage on s3rver; `listPageSize` 2 so that every listing of the suite goes through several pages. */
function s3Storage(options: { bucket: string; endpoint?: string }): S3Storage {
  const storage = new S3Storage({
    bucket: options.bucket,
    endpoint: options.endpoint ?? s3rver.endpoint,
    region: 'us-east-1',
    credentials: s3rver.credentials,
    listPageSize: 2,
  });
  s3Storages.push(storage);
  return storage;
}

/** A new, empty bucket. */
async function newBucket(): Promise<string> {
  buckets += 1;
  const bucket = `contract-${buckets}`;
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

storageContract('S3Storage', async () => {
  const bucket = await newBucket();
  return {
    storage: s3Storage({ bucket }),
    unusable: [
      { what: 'missing bucket', storage: s3Storage({ bucket: 'no-such-bucket' }), reason: /bucket "no-such-bucket" does not exist/ },
      // Port 9 (discard) has no listener on a test machine: the connection is refused at once.
      { what: 'unreachable server', storage: s3Storage({ bucket, endpoint: 'http://127.0.0.1:9' }), reason: /S3 endpoint unreachable \(ECONNREFUSED\)/ },
    ],
  };
});

describe('S3Storage: what the SDK sends', () => {
  let storage: S3Storage;
  let sent: Array<{ command: string; headers: Record<string, string> }>;

  beforeEach(async () => {
    storage = s3Storage({ bucket: await newBucket() });
    sent = [];
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push({ command: context.commandName ?? '', headers: { ...(args.request as { headers: Record<string, string> }).headers } });
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordRequests' },
    );
  });
  const commands = () => sent.map((request) => request.command);

  it('uploads a small file in one PutObject, a large one in 8 MiB parts, without flexible checksums', { timeout: 60_000 }, async () => {
    await storage.put(generateKey('sent', 'pdf'), Readable.from(['%PDF-1.7']), { contentType: 'application/pdf' });
    expect(commands()).toEqual(['PutObjectCommand']);
    sent = [];
    await storage.put(generateKey('sent', 'mp4'), chunked(randomBytes(2 * S3_PART_SIZE + 1)), { contentType: 'video/mp4' });
    expect(commands().sort()).toEqual([
      'CompleteMultipartUploadCommand',
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
    ]);
    // requestChecksumCalculation WHEN_REQUIRED: S3-compatible servers refuse these (S3Storage.ts).
    for (const { command, headers } of sent) {
      const names = Object.keys(headers).map((header) => header.toLowerCase());
      expect(
        names.filter((header) => header.startsWith('x-amz-checksum') || header === 'x-amz-sdk-checksum-algorithm'),
        command,
      ).toEqual([]);
      expect(headers['content-encoding'] ?? '', command).not.toContain('aws-chunked');
    }
  });

  it("aborts a failed multipart upload's parts and rejects with the source's error", { timeout: 60_000 }, async () => {
    const key = generateKey('sent', 'mp4');
    // Past two parts: data buffered in a stream when it fails is lost, the first part must be out.
    await expect(storage.put(key, failingSource(2 * S3_PART_SIZE + 2 * MiB, new Error('client went away')), { contentType: 'video/mp4' })).rejects.toThrow(
      'client went away',
    );
    // s3rver 3.7.1 implements no AbortMultipartUpload (it answers 405 MethodNotAllowed, and keeps
    // the parts out of every listing): what is checked is that the storage asks for it.
    expect(commands()).toContain('CreateMultipartUploadCommand');
    expect(commands().at(-1)).toBe('AbortMultipartUploadCommand');
    expect(await storage.exists(key)).toBe(false);
  });

  it('removes the object of an upload whose last answer was lost (written, yet failed)', async () => {
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'PutObjectCommand') throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        return result;
      },
      { step: 'finalizeRequest', name: 'loseTheAnswer' },
    );
    const key = generateKey('sent', 'pdf');
    await expect(storage.put(key, Readable.from(['%PDF-1.7']), { contentType: 'application/pdf' })).rejects.toThrow('socket hang up');
    expect(commands()).toContain('DeleteObjectCommand');
    expect(await storage.exists(key)).toBe(false);
  });

  it('pages through ListObjectsV2 and skips objects whose names are not valid keys', async () => {
    const keys = [];
    for (let i = 0; i < 5; i += 1) {
      const key = generateKey('paged', 'pdf');
      keys.push(key);
      await storage.put(key, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
    }
    // Written by another tool: a folder marker and a name with a space.
    for (const Key of ['paged/', 'paged/bad name.pdf']) await admin.send(new PutObjectCommand({ Bucket: storage.bucket, Key, Body: 'x' }));
    sent = [];
    expect((await listed(storage, 'paged')).map((entry) => entry.key)).toEqual(keys.sort());
    expect(commands().filter((command) => command === 'ListObjectsV2Command').length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    [403, 'Forbidden', /access to bucket "contract-\d+" denied/],
    [301, 'PermanentRedirect', /bucket "contract-\d+" is in another region than S3_REGION/],
    [500, 'InternalError', /bucket "contract-\d+" answered 500 \(InternalError\)/],
  ])('says why the check fails on a %i answer', async (status, name, reason) => {
    // s3rver accepts any signature and has one region: the answer is made up before it is sent.
    storage.client.middlewareStack.add(
      () => async () => {
        throw Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
      },
      { step: 'finalizeRequest', name: 'answerWithError' },
    );
    await expect(storage.check()).rejects.toThrow(reason);
  });

  it('takes a missing bucket for an error, not for a missing file', async () => {
    await expect(s3Storage({ bucket: 'no-such-bucket' }).get('paged/x.pdf')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
