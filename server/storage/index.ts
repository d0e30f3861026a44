import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './LocalDiskStorage.js';

export * from './Storage.js';
export { LocalDiskStorage } from './LocalDiskStorage.js';

/** Folder of stored files: `<DATA_DIR>/files`. */
export function filesRoot(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'files');
}

/** The storage the configuration asks for; the local disk for now (S3-compatible later). */
export function createStorage(config: Pick<Config, 'dataDir'>): LocalDiskStorage {
  return new LocalDiskStorage(filesRoot(config));
}
