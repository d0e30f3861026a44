import { mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, generateKey, InvalidStorageKeyError, isValidKey, type LocalDiskStorage } from '../../server/storage/index.js';

let dataDir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = createStorage({ dataDir });
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

/** Every file under the storage root, temporary ones included, relative to the root. */
async function allFiles(): Promise<string[]> {
  try {
    const entries = await readdir(storage.root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(storage.root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

describe('generated keys', () => {
  it('are <folder>/<yyyy>/<mm>/<uuid>.<ext> and valid', () => {
    const key = generateKey('books/documents', 'pdf', new Date(Date.UTC(2025, 2, 9)));
    expect(key).toMatch(/^books\/documents\/2025\/03\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/);
    expect(isValidKey(key)).toBe(true);
    expect(generateKey('news', 'png')).not.toBe(generateKey('news', 'png'));
  });

  it('refuse a folder or extension that could carry a path', () => {
    expect(() => generateKey('../etc', 'pdf')).toThrow();
    expect(() => generateKey('news', 'p/df')).toThrow();
    expect(() => generateKey('/abs', 'pdf')).toThrow();
  });
});

describe('LocalDiskStorage', () => {
  it('lives in <DATA_DIR>/files', () => {
    expect(storage.root).toBe(path.join(dataDir, 'files'));
  });

  it('puts, gets, reports existence, reads a range and removes', async () => {
    const key = generateKey('test', 'pdf');
    const result = await storage.put(key, Readable.from([Buffer.from('%PDF-1.7 hello '), Buffer.from('world')]), { contentType: 'application/pdf' });
    expect(result).toEqual({ key, size: 20 });
    expect(await storage.exists(key)).toBe(true);
    expect(await readFile(path.join(storage.root, key), 'utf8')).toBe('%PDF-1.7 hello world');

    const file = await storage.get(key);
    expect(file).not.toBeNull();
    expect(file!.size).toBe(20);
    expect(file!.contentType).toBe('application/pdf');
    expect(await text(file!.stream)).toBe('%PDF-1.7 hello world');

    const part = await storage.get(key, { start: 9, end: 13 });
    expect(part!.size).toBe(20);
    expect(await text(part!.stream)).toBe('hello');

    expect(await storage.remove(key)).toBe(true);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.remove(key)).toBe(false);
    expect(await allFiles()).toEqual([]);
  });

  it('leaves nothing behind when the stream fails mid-write', async () => {
    const key = generateKey('test', 'pdf');
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      yield Buffer.alloc(64 * 1024, 2);
      throw new Error('client went away');
    }
    await expect(storage.put(key, Readable.from(failing()), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    expect(await storage.exists(key)).toBe(false);
    expect(await allFiles()).toEqual([]);
  });

  it('leaves nothing behind when the stream is destroyed (aborted upload)', async () => {
    const key = generateKey('test', 'pdf');
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(1000));
    const pending = storage.put(key, source, { contentType: 'application/pdf' });
    setTimeout(() => source.destroy(), 20);
    await expect(pending).rejects.toThrow();
    expect(await allFiles()).toEqual([]);
  });

  it('refuses keys that are malformed or escape the root', async () => {
    const outside = path.join(dataDir, 'secret.txt');
    await writeFile(outside, 'secret');
    for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', '.tmp/x.part', 'a\\..\\b', 'a//b', '', 'a/./b', `${'a'.repeat(600)}`]) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Readable.from(['x']), { contentType: 'text/plain' }), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.remove(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await readFile(outside, 'utf8')).toBe('secret');
    expect(() => storage.pathOf('news/2025/01/x.png')).not.toThrow();
  });

  it('answers null for a folder key', async () => {
    const key = generateKey('test', 'pdf');
    await storage.put(key, Readable.from(['%PDF-']), { contentType: 'application/pdf' });
    expect(await storage.get(path.dirname(key))).toBeNull();
    expect(await storage.exists(path.dirname(key))).toBe(false);
    await storage.remove(key);
  });

  it('sweeps stale temporary files only', async () => {
    const tempDir = path.join(storage.root, '.tmp');
    await mkdir(tempDir, { recursive: true });
    await writeFile(path.join(tempDir, 'old.part'), 'x');
    await writeFile(path.join(tempDir, 'fresh.part'), 'x');
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(tempDir, 'old.part'), past, past);
    expect(await storage.sweepTemp()).toBe(1);
    expect(await readdir(tempDir)).toEqual(['fresh.part']);
    await rm(path.join(tempDir, 'fresh.part'));
    expect((await stat(tempDir)).isDirectory()).toBe(true);
  });

  it('lists the files under a folder, without writes in progress, links or invalid names', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-list-'));
    const local = createStorage({ dataDir: root });
    const listed = async (prefix?: string) => {
      const entries = [];
      for await (const entry of local.list(prefix)) entries.push(entry);
      return entries.sort((a, b) => a.key.localeCompare(b.key));
    };
    const first = generateKey('listed', 'pdf');
    const second = generateKey('listed/deeper', 'png');
    const elsewhere = generateKey('other', 'pdf');
    for (const key of [first, second, elsewhere]) await local.put(key, Readable.from(['%PDF-1.7']), { contentType: 'application/pdf' });
    await mkdir(path.join(local.root, '.tmp'), { recursive: true });
    await writeFile(path.join(local.root, '.tmp', 'writing.part'), 'x');
    await writeFile(path.join(local.root, 'listed', '.hidden'), 'x');
    await writeFile(path.join(local.root, 'listed', 'bad name.pdf'), 'x');
    await symlink(path.join(local.root, first), path.join(local.root, 'listed', 'link.pdf'));

    const entries = await listed('listed');
    expect(entries.map((entry) => entry.key)).toEqual([first, second].sort());
    expect(entries[0]!.size).toBe(8);
    expect(entries[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await listed()).map((entry) => entry.key)).toEqual([first, second, elsewhere].sort());
    expect(await listed('missing')).toEqual([]);
    await expect(listed('../outside')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await rm(root, { recursive: true, force: true });
  });
});
