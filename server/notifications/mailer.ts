import { createTransport } from 'nodemailer';

/** One e-mail to one recipient. */
interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends e-mails; a rejected promise is a failed attempt (the outbox retries it). */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Timeouts of one SMTP attempt. Nodemailer's defaults (2 minutes to connect, 10 minutes of
 * silence) would stall the delivery loop; a slow server is simply tried again later. Query
 * parameters of SMTP_URL (`?connectionTimeout=…`) override them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000, dnsTimeout: 15_000 };

/**
 * A nodemailer SMTP transport for SMTP_URL: `smtp://` (STARTTLS when offered) or `smtps://`
 * (TLS from the start), credentials in the URL. One connection per message: the volume is a few
 * mails per saved sheet.
 */
export function createSmtpSender(options: { smtpUrl: string; from: string }): MailSender {
  const transport = createTransport({ ...SMTP_TIMEOUTS, url: options.smtpUrl });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.rejected.join(', ')} (${info.response})`);
    },
    close: () => transport.close(),
  };
}
