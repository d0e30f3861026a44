import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  administratorContact,
  insertPasswordLink,
  livePasswordLink,
  setAdministratorPasswordHash,
  endPasswordLinks,
} from '../db/repositories/auth/passwordLinkRepository.js';
import { revokeAdministratorSessions } from '../db/repositories/auth/sessionRepository.js';
import { HttpError } from '../http/errors.js';
import { currentRequest } from '../http/requestContext.js';
import { enqueuePasswordLinkMail } from '../notifications/passwordLinkMail.js';
import { signalOutbox } from '../notifications/outboxSignal.js';
import type { AfterCommit } from '../engine/resourceTypes.js';
import { actionBody } from '../engine/actionBody.js';
import { hashPassword } from './passwords.js';
import type { RecordWrites } from '../engine/recordWrites.js';

/** How long a mailed link lets its administrator set a password. */
const PASSWORD_LINK_HOURS = 72;

/** The address of the page a link opens, under the panel's. */
const SET_PASSWORD_PATH = '/auth/set-password';

const PASSWORD_LINK_MESSAGES = {
  gone: 'This link no longer works: it has expired, or a password was already set with it. Ask a colleague to set a password for you in Administrators.',
  set: 'Your password is set: log in with it.',
  choose: 'Choose a password.',
  length: 'The password must be 8 to 255 characters long.',
} as const;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST admin/auth/password-link {token}`. */
export const PASSWORD_LINK_BODY = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 200 } } } as const;
/** `POST admin/auth/set-password {token, password}`: the password as the administrators' form takes it. */
export const SET_PASSWORD_BODY = {
  type: 'object',
  required: ['token', 'password'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 }, password: { type: 'string', title: 'password', minLength: 8, maxLength: 255 } },
} as const;

const readLinkBody = actionBody<{ token: string }>(PASSWORD_LINK_BODY, { trim: false, words: { token: { missing: PASSWORD_LINK_MESSAGES.gone } } });
const readSetBody = actionBody<{ token: string; password: string }>(SET_PASSWORD_BODY, {
  trim: false,
  words: { token: { missing: PASSWORD_LINK_MESSAGES.gone }, password: { missing: PASSWORD_LINK_MESSAGES.choose, bounds: PASSWORD_LINK_MESSAGES.length } },
});

const gone = () => new HttpError(404, PASSWORD_LINK_MESSAGES.gone);

/**
 * Mails an administrator a link to set their password (one restored from the history has none),
 * in the transaction given: the link's row and the mail commit with the record (the delivery loop
 * sends it, docs/notifications.md). The link opens the panel where the request came from, its
 * token in the address's fragment; it works once, for PASSWORD_LINK_HOURS, and ends the links
 * mailed before it.
 */
export async function mailPasswordLink(tx: Db, administratorId: number, afterCommit: AfterCommit): Promise<void> {
  const contact = await administratorContact(tx, administratorId);
  if (!contact) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000);
  await insertPasswordLink(tx, { administratorId, tokenHash: hashToken(token), expiresAt });
  const request = currentRequest();
  const restorer = request ? await administratorContact(tx, request.administratorId) : undefined;
  const byName = restorer && request!.administratorId !== administratorId ? `${restorer.firstname} ${restorer.lastname}`.trim() : null;
  const origin = request?.origin ?? '';
  await enqueuePasswordLinkMail(tx, {
    firstname: contact.firstname,
    email: contact.email,
    restoredBy: byName,
    link: `${origin}${SET_PASSWORD_PATH}#${token}`,
    expiresAt,
  });
  afterCommit(async () => signalOutbox());
}

/** `POST admin/auth/password-link`: whose account a link sets the password of, while it works (404 in words otherwise). */
export async function readPasswordLink(db: Db, body: unknown): Promise<{ firstname: string; email: string }> {
  const { token } = readLinkBody(body);
  const owner = await livePasswordLink(db, hashToken(token));
  if (!owner) throw gone();
  return { firstname: owner.firstname, email: owner.email };
}

/**
 * `POST admin/auth/set-password`: the link's administrator gets the password (hashed, as their
 * form's save stores it), through the one write path (no revision: a password is a secret); the
 * link and every other one of theirs ends, and their sessions, if any, with it. 404 in words when
 * the link no longer works, 422 on the password.
 */
export async function setPasswordWithLink(db: Db, writes: RecordWrites, body: unknown): Promise<{ message: string }> {
  const { token, password } = readSetBody(body);
  const tokenHash = hashToken(token);
  const owner = await livePasswordLink(db, tokenHash);
  if (!owner) throw gone();
  const passwordHash = await hashPassword(password);
  await writes.write({
    resource: 'administrators',
    action: 'update',
    id: owner.administratorId,
    run: async (tx) => {
      // Used by a second tab meanwhile: refused as gone, nothing written.
      const locked = await livePasswordLink(tx, tokenHash, { lock: true });
      if (!locked || locked.administratorId !== owner.administratorId) throw gone();
      await setAdministratorPasswordHash(tx, owner.administratorId, passwordHash);
      await endPasswordLinks(tx, owner.administratorId);
      await revokeAdministratorSessions(tx, owner.administratorId, new Date());
      return { id: owner.administratorId, result: undefined };
    },
  });
  return { message: PASSWORD_LINK_MESSAGES.set };
}

/** A password nobody knows: what an administrator restored without one has until they set theirs. */
export async function unknownPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
