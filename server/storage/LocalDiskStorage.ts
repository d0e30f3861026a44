import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EXTENSION_MIME, fileExtension } from '../../common/fileRules.js';
import { InvalidStorageKeyError, isValidKey, type ByteRange, type Storage, type StoredEntry, type StoredFile, type StoredObject } from './Storage.js';

/** Folder under the root where writes happen before their rename; unreachable by keys. */
const TEMP_FOLDER = '.tmp';

/**
 * Files on the local disk under `root` (`<DATA_DIR>/files`), one file per key. A write goes to
 * `<root>/.tmp/<uuid>.part` and is renamed into place only once complete, so readers never see a
 * partial file and a failed write leaves nothing. The content type is not stored: it follows from
 * the key's extension, which the server chose from an accepted list. The root is created at start
 * (`ensureRoot`, server/routes/fileRoutes.ts) and by the first write.
 */
export class LocalDiskStorage implements Storage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** Absolute path of a key; throws InvalidStorageKeyError when malformed or outside the root. */
  pathOf(key: string): string {
    if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return resolved;
  }

  async put(key: string, stream: Readable, _options: { contentType: string }): Promise<StoredObject> {
    const target = this.pathOf(key);
    const tempDir = path.join(this.root, TEMP_FOLDER);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, `${randomUUID()}.part`);
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o640 });
    try {
      await pipeline(stream, out);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
    } catch (error) {
      stream.destroy();
      out.destroy();
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size: out.bytesWritten };
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end, autoClose: true } : { autoClose: true });
      return { stream, size: info.size, contentType: EXTENSION_MIME[fileExtension(key)] ?? 'application/octet-stream' };
    } catch (error) {
      // A stream that failed to open may have taken the handle already: its error is the one to report.
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async remove(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /**
   * Walks the folder of `prefix` (the whole root when omitted). Entries whose name starts with a
   * dot (the `.tmp` folder of writes in progress) and anything that is not a regular file
   * (symbolic links included) are skipped, as is any path that is not a valid key.
   */
  async *list(prefix?: string): AsyncIterable<StoredEntry> {
    const start = prefix === undefined ? this.root : this.pathOf(prefix);
    const folders = [start];
    for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) {
          folders.push(file);
          continue;
        }
        if (!entry.isFile()) continue;
        const key = path.relative(this.root, file).split(path.sep).join('/');
        if (!isValidKey(key)) continue;
        try {
          const info = await lstat(file);
          if (info.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    }
  }

  /**
   * The root is a folder in which a file can be written now. The probe is a real write (created
   * in `.tmp`, then deleted): `access(W_OK)` says yes to root whatever the mode, and nothing of a
   * read-only mount. A missing root is reported, never created: the disk may be unmounted.
   */
  async check(): Promise<void> {
    let info;
    try {
      info = await stat(this.root);
    } catch (error) {
      if (isMissing(error)) throw new Error(`storage folder ${this.root} does not exist`, { cause: error });
      throw new Error(`storage folder ${this.root} cannot be read (${errorCode(error)})`, { cause: error });
    }
    if (!info.isDirectory()) throw new Error(`storage folder ${this.root} is not a folder`);
    const tempDir = path.join(this.root, TEMP_FOLDER);
    const probe = path.join(tempDir, `${randomUUID()}.check`);
    try {
      await mkdir(tempDir).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
      await writeFile(probe, 'x', { flag: 'wx' });
    } catch (error) {
      throw new Error(`storage folder ${this.root} is not writable (${errorCode(error)})`, { cause: error });
    } finally {
      await rm(probe, { force: true }).catch(() => undefined);
    }
  }

  /** Creates the root when it does not exist yet (a first start on a new DATA_DIR). */
  async ensureRoot(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  /**
   * Deletes temporary files older than `olderThanMs` left by a process that died mid-write
   * (a live write is never that old). Returns how many were removed.
   */
  async sweepTemp(olderThanMs = 60 * 60 * 1000): Promise<number> {
    const tempDir = path.join(this.root, TEMP_FOLDER);
    let names: string[];
    try {
      names = await readdir(tempDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(tempDir, name);
      try {
        if (Date.now() - (await stat(file)).mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
