import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUploadCleanup } from '../../server/jobs/uploadCleanupJob.js';
import { createStorage, generateKey, LocalDiskStorage, type Storage } from '../../server/storage/index.js';
import type * as storageModule from '../../server/storage/index.js';
import { createTestApp } from '../helpers/testApp.js';

// One storage per server process: buildApp builds it (or takes the one it is given) and hands it
// to app.storage, the file routes and the AI generation queue; the upload cleanup takes it too.
// createStorage is watched to see that nothing builds another.

vi.mock('../../server/storage/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof storageModule>();
  return { ...actual, createStorage: vi.fn(actual.createStorage) };
});

describe('one storage per process', () => {
  let folder: string;
  let given: LocalDiskStorage;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'storage-config-'));
    given = new LocalDiskStorage(path.join(folder, 'files'));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));
  beforeEach(() => {
    vi.mocked(createStorage).mockClear(); // (a function returned by a hook would be run as its teardown)
  });

  it('is built once by buildApp and shared by app.storage and the AI generation queue', async () => {
    // A provider configured: the queue starts (the address is never called).
    const t = await createTestApp({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    try {
      expect(t.app.aiGeneration).toBeDefined();
      expect(vi.mocked(createStorage)).toHaveBeenCalledTimes(1);
      expect(t.app.storage).toBe(vi.mocked(createStorage).mock.results[0]!.value);
    } finally {
      await t.close();
    }
  });

  it('is the one given to buildApp: served by the file routes, nothing else built', async () => {
    const t = await createTestApp({}, { storage: given });
    try {
      expect(t.app.storage).toBe(given);
      const key = generateKey('news', 'png');
      await given.put(key, Readable.from([Buffer.from('given storage')]), { contentType: 'image/png' });
      const response = await t.as(await t.login(), { method: 'GET', url: `/api/admin/files/${key}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('given storage');
      expect(vi.mocked(createStorage)).not.toHaveBeenCalled();
    } finally {
      await t.close();
    }
  });

  it('is the one the upload cleanup is given (server/main.ts passes app.storage)', async () => {
    const t = await createTestApp({}, { storage: given });
    const listed: Array<string | undefined> = [];
    const watched: Storage = Object.assign(Object.create(given) as LocalDiskStorage, {
      list(prefix?: string) {
        listed.push(prefix);
        return given.list(prefix);
      },
    });
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    try {
      const loop = startUploadCleanup({ db: t.database.db, config: t.config, log: silent, storage: watched });
      await vi.waitFor(() => expect(listed.length).toBeGreaterThan(0));
      await loop.stop();
      expect(vi.mocked(createStorage)).not.toHaveBeenCalled();
    } finally {
      await t.close();
    }
  });
});
