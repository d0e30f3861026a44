import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, isValidKey, LocalDiskStorage } from '../../server/storage/index.js';

// What only the local disk does. The Storage contract (round trips, ranges, failed writes, keys,
// listings, check) is tested on every implementation in storage-contract.test.ts.

let dataDir: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = new LocalDiskStorage(path.join(dataDir, 'files'));
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
  it('writes one file per key under its root', async () => {
    const key = generateKey('test', 'pdf');
    await storage.put(key, Readable.from([Buffer.from('%PDF-1.7 hello '), Buffer.from('world')]), { contentType: 'application/pdf' });
    expect(await readFile(path.join(storage.root, key), 'utf8')).toBe('%PDF-1.7 hello world');
    await storage.remove(key);
    expect(await allFiles()).toEqual([]);
  });

  it('leaves no temporary file when the stream fails or is destroyed mid-write', async () => {
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('client went away');
    }
    await expect(storage.put(generateKey('test', 'pdf'), Readable.from(failing()), { contentType: 'application/pdf' })).rejects.toThrow('client went away');
    const source = new Readable({ read() {} });
    source.push(Buffer.alloc(1000));
    const pending = storage.put(generateKey('test', 'pdf'), source, { contentType: 'application/pdf' });
    setTimeout(() => source.destroy(), 20);
    await expect(pending).rejects.toThrow();
    expect(await allFiles()).toEqual([]);
  });

  it('never touches a file outside its root', async () => {
    const outside = path.join(dataDir, 'secret.txt');
    await writeFile(outside, 'secret');
    for (const key of ['../secret.txt', 'a/../../secret.txt']) {
      expect(isValidKey(key)).toBe(false);
      await storage.remove(key).catch(() => undefined);
      await storage.put(key, Readable.from(['x']), { contentType: 'text/plain' }).catch(() => undefined);
    }
    expect(await readFile(outside, 'utf8')).toBe('secret');
    expect(() => storage.pathOf('news/2025/01/x.png')).not.toThrow();
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

  it('lists no write in progress, hidden file, link or invalid name', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-list-'));
    const local = new LocalDiskStorage(path.join(root, 'files'));
    const key = generateKey('listed', 'pdf');
    await local.put(key, Readable.from(['%PDF-1.7']), { contentType: 'application/pdf' });
    await mkdir(path.join(local.root, '.tmp'), { recursive: true });
    await writeFile(path.join(local.root, '.tmp', 'writing.part'), 'x');
    await writeFile(path.join(local.root, 'listed', '.hidden'), 'x');
    await writeFile(path.join(local.root, 'listed', 'bad name.pdf'), 'x');
    await symlink(path.join(local.root, key), path.join(local.root, 'listed', 'link.pdf'));
    const keys = [];
    for await (const entry of local.list()) keys.push(entry.key);
    expect(keys).toEqual([key]);
    await rm(root, { recursive: true, force: true });
  });

  it('checks without creating its root or leaving its probe; the root is created at start', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-check-'));
    const local = new LocalDiskStorage(path.join(root, 'files'));
    await expect(local.check()).rejects.toThrow('does not exist');
    await expect(stat(local.root)).rejects.toMatchObject({ code: 'ENOENT' });
    await local.ensureRoot();
    await local.check();
    expect(await readdir(path.join(local.root, '.tmp'))).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});
