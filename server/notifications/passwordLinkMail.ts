import type { Db } from '../db/client.js';
import { outboxRepository } from '../db/repositories/notifications/outboxRepository.js';
import { escapeHtml } from './escapeHtml.js';
import type { ComposedMail } from './compose.js';

/** The outbox `kind` of the mail that lets an administrator set their password. */
const PASSWORD_LINK_MAIL = 'password_link';

/** What the mail tells. */
export interface PasswordLinkMailInput {
  firstname: string;
  email: string;
  /** Who brought the account back, when known. */
  restoredBy: string | null;
  /** The page that sets the password, its token in the address's fragment (never sent to a server by the browser). */
  link: string;
  expiresAt: Date;
}

const UTC_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The mail to an administrator restored without a password: plain, staff-facing English, with the link. */
function composePasswordLinkMail(input: PasswordLinkMailInput): ComposedMail {
  const by = input.restoredBy ? ` by ${input.restoredBy}` : '';
  const before = [
    input.firstname ? `Hello ${input.firstname},` : 'Hello,',
    `Your Administration Panel account (${input.email}) has been restored${by}. It has no password yet: set one to log in again.`,
  ];
  const after = [
    `The link works once, until ${UTC_TIME.format(input.expiresAt)} UTC. If it no longer works, ask a colleague to set a password for you in Administrators.`,
    'If you did not expect this message, tell the person in charge of the panel.',
    'This message was sent automatically by the Administration Panel.',
  ];
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return {
    subject: 'Set your password for the Administration Panel',
    text: `${[...before, `Set your password: ${input.link}`, ...after].join('\n\n')}\n`,
    html: `<!doctype html>\n<html><body>\n${[
      ...before.map(paragraph),
      `<p><a href="${escapeHtml(input.link)}">Set your password</a></p>`,
      ...after.map(paragraph),
    ].join('\n')}\n</body></html>\n`,
  };
}

/** Queues the mail in the transaction given (docs/notifications.md: the delivery loop sends it once it commits). */
export async function enqueuePasswordLinkMail(db: Db, input: PasswordLinkMailInput): Promise<void> {
  const mail = composePasswordLinkMail(input);
  await outboxRepository.insert(db, [{ kind: PASSWORD_LINK_MAIL, toAddress: input.email, subject: mail.subject, textBody: mail.text, htmlBody: mail.html }]);
}
