import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { isKnownDeviceOf, isKnownLoginClient, pruneKnownLoginClients, recordKnownLoginClients } from '../db/repositories/auth/loginKnownClientRepository.js';

const DAY = 24 * 3_600_000;

/**
 * How long a client that logged into an account stays known to it after its last successful login
 * (docs/security.md, "Login protection"). An address is shared (an office, a mobile network) and
 * changes owner; a device cookie belongs to one browser.
 */
export const KNOWN_LOGIN_CLIENT_MS = { address: 30 * DAY, device: 180 * DAY } as const;

/** The cookie that marks a browser as one an administrator logged in from. */
export const KNOWN_DEVICE_COOKIE = 'admin_device';

/** A token as the server issues it: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The cookie's token when it has the shape of one the server issues; anything else is ignored. */
const validToken = (token: string | undefined) => (token !== undefined && TOKEN.test(token) ? token : undefined);

/** The client of a login attempt: its address, and the known-device cookie it sent, if any. */
export interface LoginClient {
  ip: string;
  deviceToken: string | undefined;
}

/**
 * Whether the administrator with e-mail `email` logged in successfully from this address within
 * the last 30 days, or from this browser (its device cookie) within the last 180, as of `now`.
 */
export async function isKnownClient(db: Db, email: string, client: LoginClient, now: Date): Promise<boolean> {
  const deviceToken = validToken(client.deviceToken);
  return isKnownLoginClient(db, {
    account: email.trim().toLowerCase(),
    ip: client.ip,
    deviceHash: deviceToken && hashToken(deviceToken),
    addressSince: new Date(now.getTime() - KNOWN_LOGIN_CLIENT_MS.address),
    deviceSince: new Date(now.getTime() - KNOWN_LOGIN_CLIENT_MS.device),
  });
}

/**
 * Remembers a successful login's address and browser for the administrator; returns the device
 * token the browser's cookie should hold. The browser's own token is kept when it is already
 * known for this administrator; otherwise a new one is issued, so a token planted in a browser by
 * someone else never becomes known to the account.
 */
export async function rememberLoginClient(db: Db, administratorId: number, client: LoginClient, now: Date): Promise<string> {
  const presented = validToken(client.deviceToken);
  const reuse =
    presented !== undefined &&
    (await isKnownDeviceOf(db, { administratorId, deviceHash: hashToken(presented), since: new Date(now.getTime() - KNOWN_LOGIN_CLIENT_MS.device) }));
  const token = reuse ? presented : randomBytes(32).toString('base64url');
  await recordKnownLoginClients(
    db,
    administratorId,
    [
      { kind: 'address', value: client.ip },
      { kind: 'device', value: hashToken(token) },
    ],
    now,
  );
  return token;
}

/** Forgets the clients whose last login is older than their period; how many. */
export async function forgetStaleLoginClients(db: Db, now: Date): Promise<number> {
  return pruneKnownLoginClients(db, {
    addressBefore: new Date(now.getTime() - KNOWN_LOGIN_CLIENT_MS.address),
    deviceBefore: new Date(now.getTime() - KNOWN_LOGIN_CLIENT_MS.device),
  });
}
