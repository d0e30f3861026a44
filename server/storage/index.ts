import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './LocalDiskStorage.js';
import { S3Storage } from './S3Storage.js';
import type { Storage } from './Storage.js';

export * from './Storage.js';
export { LocalDiskStorage } from './LocalDiskStorage.js';
export { S3_PART_SIZE, S3Storage, type S3StorageOptions } from './S3Storage.js';

/** Folder of stored files on the local disk: `<DATA_DIR>/files`. */
export function filesRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/**
 * The storage the configuration asks for: the bucket of `S3_BUCKET` when it is set, the local
 * disk (`<DATA_DIR>/files`) otherwise. Call it once per process (`buildApp` does) and share the
 * instance: an S3 storage holds a client and its connection pool.
 */
export function createStorage(config: Pick<Config, 'dataDir'> & Partial<Pick<Config, 's3'>>): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(filesRoot(config));
}
