import type net from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

// A real SMTP server on 127.0.0.1 (the smtp-server package) and a small reader of what it receives:
// what the server suite and the browser suite check the subscriber e-mails with.

/** A message as the SMTP server received it, decoded. */
interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** A running test SMTP server. */
export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Answers 451 to the next `n` RCPT TO commands. */
  rejectNext(n: number): void;
  /** Answers 550 to every RCPT TO for this address. */
  refuse(address: string): void;
  /** Waits this long before accepting each message's data. */
  slow(ms: number): void;
  /** Messages whose data is being received. */
  receiving: number;
  close(): Promise<void>;
}

function decodeBytes(value: string, encoding: string): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(value.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable': {
      const soft = value.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i += 1) {
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
          bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(value, 'utf8');
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / ?B?), adjacent ones joined. */
function decodeHeader(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  const chunks: Buffer[] = [];
  let last = 0;
  for (const match of joined.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
    chunks.push(Buffer.from(joined.slice(last, match.index), 'utf8'));
    const [, , kind, data] = match;
    chunks.push(kind!.toUpperCase() === 'B' ? decodeBytes(data!, 'base64') : decodeBytes(data!.replace(/_/g, ' '), 'quoted-printable'));
    last = match.index + match[0].length;
  }
  chunks.push(Buffer.from(joined.slice(last), 'utf8'));
  return Buffer.concat(chunks).toString('utf8');
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Subject, text and html of a raw message (single part or multipart/alternative). */
function readMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const entities = boundary ? body.split(`--${boundary}`).slice(1, -1).map(splitEntity) : [{ headers, body }];
  for (const entity of entities) {
    const type = (entity.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
    parts[type] = decodeBytes(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit').toString('utf8');
  }
  return { from, to, headers, subject: decodeHeader(headers.get('subject') ?? ''), text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

/** Starts an SMTP server on a free port of 127.0.0.1 (no TLS, no AUTH) that keeps every message. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  let delayMs = 0;
  let receiving = 0;
  const refused = new Set<string>();
  const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (refused.has(address.address)) return callback(smtpError('Mailbox unavailable', 550));
      if (rejections > 0) {
        rejections -= 1;
        return callback(smtpError('Greylisted, try again later', 451));
      }
      callback();
    },
    onData(stream, session, callback) {
      receiving += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        setTimeout(() => {
          received.push(
            readMail(
              Buffer.concat(chunks).toString('utf8'),
              from,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: (n) => void (rejections = n),
    refuse: (address) => void refused.add(address),
    slow: (ms) => void (delayMs = ms),
    get receiving() {
      return receiving;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
