import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, Readable, Transform } from 'node:stream';
import { InvalidStorageKeyError, isValidKey, type ByteRange, type Storage, type StoredEntry, type StoredFile, type StoredObject } from './Storage.js';

/** Size of each part of a multipart upload: S3 needs at least 5 MiB (the last part excepted). */
export const S3_PART_SIZE = 8 * 1024 * 1024;
/** Parts uploaded at once; at most (QUEUE + 1) × PART_SIZE of one upload is held in memory. */
const UPLOAD_QUEUE_SIZE = 2;

/** Where and how to reach the bucket (`S3_*` variables, server/config.ts). */
export interface S3StorageOptions {
  bucket: string;
  /** URL of an S3-compatible server (MinIO, Ceph, …); absent means AWS S3 of `region`. */
  endpoint?: string | undefined;
  region: string;
  /** Absent means the SDK's default credential chain (environment, shared files, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`; default: true when an endpoint is given. */
  forcePathStyle?: boolean | undefined;
  /** Keys asked per ListObjectsV2 page (S3's maximum, 1000, by default; tests lower it to see the paging). */
  listPageSize?: number;
}

/**
 * Files in one bucket of an S3-compatible object storage, one object per key, the content type
 * stored with it. A write is a streamed multipart upload (8 MiB parts; a file under one part is a
 * single PutObject) that is aborted on any failure, so the key either holds the complete file or
 * nothing: an upload's parts are not an object until CompleteMultipartUpload.
 */
export class S3Storage implements Storage {
  readonly bucket: string;
  /** The SDK client (tests watch the commands it sends). */
  readonly client: S3Client;
  private readonly listPageSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.listPageSize = options.listPageSize ?? 1000;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // MinIO, Ceph, s3rver…: one host name for every bucket, without a wildcard DNS entry.
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      // The SDK's default (WHEN_SUPPORTED) adds CRC32 "flexible checksums" to every upload: a
      // streamed body goes out `aws-chunked` with a trailing checksum, and a multipart upload
      // declares a checksum algorithm and lists each part's checksum on completion. AWS accepts
      // them; S3-compatible servers that do not implement them refuse the requests, or store the
      // chunk framing as the file's content (s3rver does). WHEN_REQUIRED sends a checksum only
      // where an operation demands one, and does not expect one on downloads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Fail fast on an unreachable endpoint (the SDK sets no connection timeout: the system's
      // takes minutes). No request or socket timeout: the response of a video served to a
      // paused player stays idle for as long as the player waits.
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  private checkedKey(key: string): string {
    if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
    return key;
  }

  async put(key: string, stream: Readable, options: { contentType: string }): Promise<StoredObject> {
    const Key = this.checkedKey(key);
    let size = 0;
    let bodyRead = false;
    const body = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
      flush(done) {
        bodyRead = true;
        done();
      },
    });
    // A source error (a client that goes away, an upload check that refuses the file) destroys
    // `body` with that error, which the upload's reader then throws.
    pipeline(stream, body, () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: body, ContentType: options.contentType },
      partSize: S3_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
      // The abort is ours (below): the library's own replaces the upload's error with the abort's
      // when the abort fails, and the caller would not learn why the upload failed.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      stream.destroy();
      body.destroy();
      await this.discard(Key, upload.uploadId, bodyRead);
      throw error;
    }
    return { key, size };
  }

  /**
   * What a failed upload leaves: its parts (aborted), and, when the whole body had been sent, the
   * object its last request (PutObject or CompleteMultipartUpload) may have created although its
   * answer was an error (a timeout, a reset connection). Deleting it is safe: keys are new for
   * each upload (`generateKey`). Best effort: a failure here must not hide the upload's own; a
   * bucket lifecycle rule removes parts an abort could not (docs/files.md).
   */
  private async discard(Key: string, uploadId: string | undefined, bodyRead: boolean): Promise<void> {
    if (uploadId) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId })).catch(() => undefined);
    }
    if (bodyRead) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })).catch(() => undefined);
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const Key = this.checkedKey(key);
    let response: GetObjectCommandOutput;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    } catch (error) {
      if (isMissingKey(error)) return null;
      // A range starting past the end: the file's size tells the caller, which answers 416.
      if (range && httpStatus(error) === 416) return this.emptyRead(Key);
      throw error;
    }
    const stream = response.Body as Readable;
    if (range && response.ContentRange === undefined && (response.ContentLength ?? 0) > 0) {
      stream.destroy();
      throw new Error(`The S3 server ignored the Range of GetObject ${Key}`);
    }
    // `bytes <start>-<end>/<size>` for a range; the whole file's length otherwise.
    const total = /\/(\d+)$/.exec(response.ContentRange ?? '');
    const size = total ? Number(total[1]) : (response.ContentLength ?? 0);
    return { stream, size, ...(response.ContentType ? { contentType: response.ContentType } : {}) };
  }

  /** The file's size and type with no bytes (a range past its end), or null when it is gone. */
  private async emptyRead(Key: string): Promise<StoredFile | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return { stream: Readable.from([]), size: head.ContentLength ?? 0, ...(head.ContentType ? { contentType: head.ContentType } : {}) };
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
  }

  /** DeleteObject succeeds whether or not the key exists: a HeadObject first tells which. */
  async remove(key: string): Promise<boolean> {
    const Key = this.checkedKey(key);
    if (!(await this.exists(Key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    return true;
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.checkedKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return true;
    } catch (error) {
      if (isMissingKey(error)) return false;
      throw error;
    }
  }

  /**
   * ListObjectsV2 of `<prefix>/` (the whole bucket when omitted), page by page. Objects whose
   * name is not a valid key (written by another tool: a folder marker `a/`, a space) are skipped.
   */
  async *list(prefix?: string): AsyncIterable<StoredEntry> {
    const Prefix = prefix === undefined ? undefined : `${this.checkedKey(prefix)}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix, ContinuationToken, MaxKeys: this.listPageSize }));
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined || !isValidKey(object.Key)) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** HeadBucket: the bucket exists and these credentials may use it. */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(this.checkFailure(error), { cause: error });
    }
  }

  private checkFailure(error: unknown): string {
    const bucket = `bucket "${this.bucket}"`;
    switch (httpStatus(error)) {
      case 404:
        return `${bucket} does not exist`;
      case 403:
        return `access to ${bucket} denied (credentials or permissions)`;
      case 301:
        return `${bucket} is in another region than S3_REGION`;
      case undefined: {
        // No answer: the network (ECONNREFUSED, ENOTFOUND…), a connection timeout, or no credentials found.
        const code = (error as NodeJS.ErrnoException | null)?.code;
        if (code) return `S3 endpoint unreachable (${code})`;
        return `S3 request failed (${(error as Error | null)?.name ?? 'unknown error'}: ${(error as Error | null)?.message ?? ''})`;
      }
      default:
        return `${bucket} answered ${httpStatus(error)} (${(error as Error).name})`;
    }
  }
}

/** The HTTP status of an S3 error answer; undefined when no answer came (network, DNS). */
function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/** An unknown key: NoSuchKey (GetObject), or a bodiless 404 (HeadObject); a missing bucket is not. */
function isMissingKey(error: unknown): boolean {
  const name = (error as Error | null)?.name;
  return name === 'NoSuchKey' || (httpStatus(error) === 404 && name !== 'NoSuchBucket');
}
