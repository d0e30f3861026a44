import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** A built client as `vite build` writes it: index.html, a script, and its Brotli and gzip copies. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-assets-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
let t: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Administration Panel</title><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(clientDir, 'assets', 'logo-3c4d.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  fs.writeFileSync(
    path.join(clientDir, 'login.html'),
    '<!doctype html><title>Administration Panel</title><script type="module" src="/assets/login-5e6f.js"></script>',
  );
  t = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built client', () => {
  it('sends the Brotli copy of a script to a browser that accepts it, as JavaScript, cached for a year', async () => {
    const response = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the gzip copy to a browser without Brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/app-1a2b.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1a2b.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file without compressed copies as it is', async () => {
    const response = await get('/assets/logo-3c4d.png', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('answers index.html for a page of the app, and 404 for a missing asset', async () => {
    const page = await get('/reading-sheet/41', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/assets/app-1a2b.js');
    expect((await get('/assets/missing-0000.js', 'br')).statusCode).toBe(404);
  });

  it('never lets a missing asset’s 404 be kept, so a page asking for a file of another release gets it once that file is there', async () => {
    // A rolling deploy: a page of the new release asks an instance still on the old one for its script.
    for (const encoding of ['br', 'gzip', undefined]) {
      const missing = await get('/assets/next-9f8e.js', encoding);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['cache-control']).toBe('no-store');
    }
    // The instance now runs the new release: the same address answers the file, kept for a year.
    const next = 'export const next = true;\n';
    fs.writeFileSync(path.join(clientDir, 'assets', 'next-9f8e.js'), next);
    const found = await get('/assets/next-9f8e.js');
    expect(found.statusCode).toBe(200);
    expect(found.body).toBe(next);
    expect(found.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the API’s answers', () => {
  it('are compressed for a browser that accepts it (Brotli, else gzip), the same JSON once decoded, and left as they are for a client that does not', async () => {
    const cookie = await t.login();
    const read = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/genres?perPage=100', headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) } });
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await read('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await read('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });
});

describe('the login page', () => {
  it('is its own small page for a visitor who is not logged in (a lost or unknown session too), and sends a logged-in one home', async () => {
    const page = (cookie?: string) => t.app.inject({ method: 'GET', url: '/auth/login', headers: cookie ? { cookie } : {} });
    const out = await page();
    expect(out.statusCode).toBe(200);
    expect(out.body).toContain('/assets/login-5e6f.js');
    expect(out.headers['cache-control']).toBe('no-cache');
    expect((await page('admin_session=not-a-session')).body).toContain('/assets/login-5e6f.js');

    const cookie = await t.login();
    const loggedIn = await page(cookie);
    expect(loggedIn.statusCode).toBe(302);
    expect(loggedIn.headers.location).toBe('/');
    // Any other page is the app's.
    expect((await t.app.inject({ method: 'GET', url: '/reading-sheets' })).body).toContain('/assets/app-1a2b.js');
  });
});
