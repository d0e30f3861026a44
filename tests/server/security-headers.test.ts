import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY_HEADER, serializePolicy } from '../../server/plugins/securityHeaders.js';
import { fileUrl } from '../../server/storage/fileUrl.js';
import { createStorage } from '../../server/storage/index.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
const APP_POLICY = serializePolicy(CONTENT_SECURITY_POLICY);
let t: TestApp;
let cookie: string;
const stored: string[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Administration Panel</title><script type="module" src="/assets/app-1a2b.js"></script>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), 'export {};\n');
  t = await createTestApp({ CLIENT_DIR: clientDir });
  cookie = await t.login();
});
afterAll(async () => {
  for (const key of stored) await createStorage(t.config).remove(key);
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** Stores `content` under a fresh key with this extension, as an upload would have. */
async function store(extension: string, content: string | Buffer): Promise<string> {
  const key = `security/2025/01/${randomUUID()}.${extension}`;
  await createStorage(t.config).put(key, Readable.from([Buffer.from(content)]), { contentType: 'application/octet-stream' });
  stored.push(key);
  return key;
}

/** The headers every answer carries, page, asset, API answer or error. */
function expectBrowserHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY_HEADER);
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('gives the page the policy that allows only the app’s own scripts, styles, fonts and calls, and no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/reading-sheets' });
    expect(page.statusCode).toBe(200);
    expectBrowserHeaders(page);
    expect(page.headers['content-security-policy']).toBe(APP_POLICY);
    expect(APP_POLICY).toBe(
      "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' blob:;font-src 'self';" +
        "connect-src 'self';media-src 'self';object-src 'none';frame-src 'none';worker-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('denies every powerful browser feature to the page and to any frame, keeping fullscreen and picture-in-picture for this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/reading-sheets' });
    const api = await t.as(cookie, { method: 'GET', url: '/api/admin/me' });
    for (const answer of [page, api]) {
      const features = Object.fromEntries(
        String(answer.headers['permissions-policy'])
          .split(', ')
          .map((entry) => entry.split('=') as [string, string]),
      );
      for (const feature of [
        'camera',
        'microphone',
        'geolocation',
        'payment',
        'usb',
        'serial',
        'hid',
        'display-capture',
        'clipboard-read',
        'publickey-credentials-get',
      ]) {
        expect(features[feature], feature).toBe('()');
      }
      expect(features.fullscreen).toBe('(self)');
      expect(features['picture-in-picture']).toBe('(self)');
    }
  });

  it('sends the same headers with an asset, which keeps its year of cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expectBrowserHeaders(asset);
    expect(asset.headers['content-security-policy']).toBe(APP_POLICY);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('marks every API answer no-store: a success, a refusal, a 404, a malformed body and a cross-site write', async () => {
    const answers = {
      health: await t.app.inject({ method: 'GET', url: '/api/health' }),
      me: await t.as(cookie, { method: 'GET', url: '/api/admin/me' }),
      anonymous: await t.app.inject({ method: 'GET', url: '/api/admin/me' }),
      unknown: await t.as(cookie, { method: 'GET', url: '/api/admin/nothing-here?page=2' }),
      malformed: await t.app.inject({ method: 'POST', url: '/api/admin/auth/login', headers: { 'content-type': 'application/json' }, payload: '{' }),
      crossSite: await t.as(cookie, { method: 'POST', url: '/api/admin/auth/logout', headers: { origin: 'https://elsewhere.example' } }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, answer.statusCode]))).toEqual({
      health: 200,
      me: 200,
      anonymous: 401,
      unknown: 404,
      malformed: 400,
      crossSite: 403,
    });
    for (const answer of Object.values(answers)) {
      expectBrowserHeaders(answer);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-security-policy']).toBe(APP_POLICY);
    }
  });

  it('serves a stored file inline, not stored by the browser, and unable to run script or be framed', async () => {
    const image = await store('png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const served = await t.as(cookie, { method: 'GET', url: fileUrl(image, 'cover.png') });
    expect(served.statusCode).toBe(200);
    expectBrowserHeaders(served);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe('inline; filename="cover.png"');
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.headers['content-security-policy']).toBe("default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none';sandbox");

    const range = await t.as(cookie, { method: 'GET', url: fileUrl(image), headers: { range: 'bytes=0-3' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['cache-control']).toBe('no-store');

    // A PDF opens in the browser's viewer, which a sandboxed document may not get.
    const pdf = await store('pdf', '%PDF-1.7\n');
    const document = await t.as(cookie, { method: 'GET', url: fileUrl(pdf, 'manuscript.pdf') });
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-security-policy']).toBe("default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'");
  });

  it('never serves a stored SVG or HTML file as a document that runs script', async () => {
    // No upload rule accepts these; a file put there by other means still cannot act as a page.
    for (const [extension, content] of [
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'],
      ['html', '<!doctype html><script>alert(1)</script>'],
    ] as const) {
      const key = await store(extension, content);
      const served = await t.as(cookie, { method: 'GET', url: fileUrl(key) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toMatch(/^default-src 'none';.*;sandbox$/);
    }
  });

  it('sends HSTS only on a request that came over HTTPS', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    // Without TRUST_PROXY the header of a client is not believed.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: forwarded })).headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await createTestApp({ CLIENT_DIR: clientDir, TRUST_PROXY: 'true' });
    try {
      const secure = await behindProxy.app.inject({ method: 'GET', url: '/reading-sheets', headers: forwarded });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const secureApi = await behindProxy.app.inject({ method: 'GET', url: '/api/admin/me', headers: forwarded });
      expect(secureApi.statusCode).toBe(401);
      expect(secureApi.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await behindProxy.app.inject({ method: 'GET', url: '/reading-sheets', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
