import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// A local S3 server (s3rver) in a child process, for the storage tests.
//
// A child process rather than the test's own: s3rver encrypts the continuation tokens of a
// truncated listing with DES, which the OpenSSL 3 of Node ≥ 17 only offers through its legacy
// provider (in-process, any paged ListObjectsV2 answers 500 ERR_OSSL_EVP_UNSUPPORTED). The child
// runs with --openssl-legacy-provider; the test process keeps the default.

/** A running s3rver. */
export interface S3rverProcess {
  endpoint: string;
  /** s3rver's default key pair, which it checks the signatures with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

const CHILD = `
const [S3rver, directory, buckets] = [require(process.argv[1]), process.argv[2], JSON.parse(process.argv[3])];
const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: buckets.map((name) => ({ name })) });
server.run().then(({ port }) => process.send({ port }), (error) => { console.error(error); process.exit(1); });
process.on('disconnect', () => server.close().finally(() => process.exit(0)));
`;

/** Starts s3rver on a free port of 127.0.0.1, its files in a temporary folder, with `buckets` created. */
export async function startS3rver(buckets: string[] = []): Promise<S3rverProcess> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const s3rver = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, s3rver, directory, JSON.stringify(buckets)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async close() {
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await rm(directory, { recursive: true, force: true });
    },
  };
}
