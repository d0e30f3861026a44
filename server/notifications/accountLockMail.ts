import type { Db } from '../db/client.js';
import { outboxRepository } from '../db/repositories/notifications/outboxRepository.js';
import { escapeHtml } from './escapeHtml.js';
import type { ComposedMail } from './compose.js';
import { signalOutbox } from './outboxSignal.js';

/** The outbox `kind` of the mail telling an administrator their account was locked. */
export const ACCOUNT_LOCK_MAIL = 'account_lock_notice';

/** What the mail tells. */
export interface AccountLockMailInput {
  firstname: string;
  email: string;
  /** Wrong passwords in the window, and the network addresses they came from. */
  failures: number;
  addresses: number;
  /** The length of the window, in minutes. */
  windowMinutes: number;
  lockedUntil: Date;
}

const UTC_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

const addressCount = (n: number) => (n === 1 ? 'one network address' : `${n} different network addresses`);

/** The mail to an administrator whose account the login throttle locked for unknown clients: plain, staff-facing English. */
function composeAccountLockMail(input: AccountLockMailInput): ComposedMail {
  const paragraphs = [
    input.firstname ? `Hello ${input.firstname},` : 'Hello,',
    `Someone typed a wrong password for your Administration Panel account (${input.email}) ${input.failures} times in the last ${input.windowMinutes} minutes, from ${addressCount(input.addresses)}.`,
    `To protect your account, logins from browsers and networks you have not logged in from before are blocked until ${UTC_TIME.format(input.lockedUntil)} UTC, and for longer each time the wrong passwords go on. You can still log in as usual from a browser or a network you have logged in from recently.`,
    'If this was you, there is nothing else to do. If it was not, change your password once you are logged in, and tell the person in charge of the panel.',
    'This message was sent automatically by the Administration Panel.',
  ];
  return {
    subject: 'Failed logins on your Administration Panel account',
    text: `${paragraphs.join('\n\n')}\n`,
    html: `<!doctype html>\n<html><body>\n${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}\n</body></html>\n`,
  };
}

/** Queues the mail for the administrator (docs/notifications.md: the delivery loop sends it). */
export async function enqueueAccountLockMail(db: Db, input: AccountLockMailInput): Promise<void> {
  const mail = composeAccountLockMail(input);
  await outboxRepository.insert(db, [{ kind: ACCOUNT_LOCK_MAIL, toAddress: input.email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html }]);
  signalOutbox();
}
