import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app's pages (docs/security.md gives the reason for each
 * directive). Scripts, fonts, API calls and uploads stay on this server; nothing may frame the app.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // The built client is module scripts from /assets only: no inline script, no event-handler
  // attribute, no eval (the forms' validators are compiled at build time: scripts/formValidators.ts).
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // PrimeReact 10 inserts <style> elements while it runs (component styles, z-indexes, overlay
  // positions), whose text no hash lists ahead and which a static index.html cannot give a nonce;
  // index.html has the boot spinner's <style>. A style cannot run script, and img-src / font-src /
  // connect-src keep a style from calling another site.
  'style-src': ["'self'", "'unsafe-inline'"],
  // blob: is the preview PrimeReact's FileUpload shows of a picked image before it is sent.
  'img-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  // The app embeds no frame (a news keeps its YouTube link as text, with no player).
  'frame-src': ["'none'"],
  'worker-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The policy as one header value, written as helmet writes it. */
export function serializePolicy(policy: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join(';');
}

const STORED_FILE_POLICY = { 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': ["'none'"] };

/**
 * The Content-Security-Policy of a stored file opened in the browser: no script, no request, no
 * framing. The inline styles are those of the browser's own image, media and PDF viewers. A PDF is
 * not sandboxed: browsers' built-in PDF viewers do not all open inside a sandboxed document.
 */
export function storedFilePolicy(contentType: string): string {
  return serializePolicy(contentType === 'application/pdf' ? STORED_FILE_POLICY : { ...STORED_FILE_POLICY, sandbox: [] });
}

/**
 * The browser features the app and its stored files may use (docs/security.md, "Permissions-Policy"):
 * none of the powerful ones, for the app or anything it might frame. Fullscreen and
 * picture-in-picture stay with this origin, and autoplay keeps the browser's default (this origin):
 * the browser's own viewer of a stored video or PDF, opened in a tab of its own, uses them. Every
 * feature listed is one Chromium knows, so the header draws no console warning.
 */
const PERMISSIONS_POLICY: Readonly<Record<string, string>> = {
  accelerometer: '()',
  'browsing-topics': '()',
  camera: '()',
  'clipboard-read': '()',
  'display-capture': '()',
  'encrypted-media': '()',
  gamepad: '()',
  geolocation: '()',
  gyroscope: '()',
  hid: '()',
  'idle-detection': '()',
  'local-fonts': '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  'otp-credentials': '()',
  payment: '()',
  'publickey-credentials-create': '()',
  'publickey-credentials-get': '()',
  'screen-wake-lock': '()',
  serial: '()',
  usb: '()',
  'window-management': '()',
  'xr-spatial-tracking': '()',
  fullscreen: '(self)',
  'picture-in-picture': '(self)',
};

/** The Permissions-Policy as one header value. */
export const PERMISSIONS_POLICY_HEADER = Object.entries(PERMISSIONS_POLICY)
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');

/** HSTS value: a year, subdomains included; sent only on requests that came over HTTPS. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, no framing, nosniff,
 * `Referrer-Policy: same-origin`, same-origin opener and resource policies, and the
 * Permissions-Policy above (helmet does not set one). Every `/api` answer,
 * errors included, is `Cache-Control: no-store`; HSTS only over HTTPS (`request.protocol`, which
 * honours X-Forwarded-Proto when TRUST_PROXY is on). Registered before every other hook, so a
 * request refused early still carries them.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY_HEADER);
    if (/^\/api(?:[/?]|$)/.test(request.url)) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
