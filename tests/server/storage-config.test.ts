import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { createStorage, LocalDiskStorage, S3Storage } from '../../server/storage/index.js';

// The S3_* variables (checked at boot) and the storage createStorage picks from them.

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const s3 = (env: Record<string, string>) => loadConfig({ DEMO_DATA: 'false', ...env }).s3;

describe('S3 configuration', () => {
  it('is absent without S3_BUCKET: the files stay on the local disk, in <DATA_DIR>/files', () => {
    const config = loadConfig({ DEMO_DATA: 'false', DATA_DIR: '/srv/panel' });
    expect(config.s3).toBeUndefined();
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect((storage as LocalDiskStorage).root).toBe(path.resolve('/srv/panel/files'));
  });

  it('reads a bucket alone: AWS S3 in us-east-1, the default credential chain, virtual-host style', () => {
    expect(s3({ S3_BUCKET: ' panel-files ' })).toEqual({
      bucket: 'panel-files',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('reads an S3-compatible server: endpoint, region, key pair, path style by default', () => {
    const env = {
      S3_BUCKET: 'panel',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: ' minio-user ',
      S3_SECRET_ACCESS_KEY: SECRET,
    };
    expect(s3(env)).toEqual({
      bucket: 'panel',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'minio-user', secretAccessKey: SECRET },
      forcePathStyle: true,
    });
    expect(s3({ ...env, S3_FORCE_PATH_STYLE: 'false' })!.forcePathStyle).toBe(false);
    expect(s3({ S3_BUCKET: 'panel', S3_FORCE_PATH_STYLE: 'true' })!.forcePathStyle).toBe(true);
  });

  it.each([
    [{ S3_BUCKET: 's3://panel-files' }, 'S3_BUCKET must be a bucket name alone'],
    [{ S3_BUCKET: 'panel/uploads' }, 'S3_BUCKET must be a bucket name alone'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET must be a bucket name alone'],
    [{ S3_BUCKET: 'panel', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT is not a valid URL'],
    [{ S3_BUCKET: 'panel', S3_ENDPOINT: 'ftp://minio:9000' }, 'S3_ENDPOINT must use http: or https:'],
    [
      { S3_BUCKET: 'panel', S3_ENDPOINT: `http://user:${encodeURIComponent(SECRET)}@minio:9000` },
      'S3_ENDPOINT must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    ],
    [{ S3_BUCKET: 'panel', S3_REGION: 'eu west 3' }, 'S3_REGION must be a region name'],
    [{ S3_BUCKET: 'panel', S3_ACCESS_KEY_ID: 'minio-user' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_BUCKET: 'panel', S3_SECRET_ACCESS_KEY: SECRET }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_BUCKET: 'panel', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [{ S3_ENDPOINT: 'http://minio:9000', S3_SECRET_ACCESS_KEY: SECRET }, 'S3_ENDPOINT, S3_SECRET_ACCESS_KEY set without S3_BUCKET'],
  ])('refuses %j at boot, naming the variable and never the secret', (env, message) => {
    let error: unknown;
    try {
      s3(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain(SECRET.slice(0, 8));
  });

  it('gives createStorage an S3 storage holding these settings and the checksum settings', async () => {
    const config = loadConfig({
      DEMO_DATA: 'false',
      S3_BUCKET: 'panel',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'minio-user',
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    const storage = createStorage(config) as S3Storage;
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage.bucket).toBe('panel');
    const client = storage.client.config;
    expect(await client.region()).toBe('eu-west-3');
    expect(client.forcePathStyle).toBe(true);
    expect(await client.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await client.responseChecksumValidation()).toBe('WHEN_REQUIRED');
    expect(await client.credentials()).toMatchObject({ accessKeyId: 'minio-user', secretAccessKey: SECRET });
    expect(await client.endpoint!()).toMatchObject({ hostname: '127.0.0.1', port: 9000, protocol: 'http:' });
    storage.client.destroy();
  });
});
