import http from 'node:http';
import type net from 'node:net';

// A real HTTP server on 127.0.0.1 that answers the card payment provider's endpoints the server
// uses (DELETE and GET /v1/subscriptions/{id}) the way Stripe does, so the official SDK runs
// unchanged against it; it keeps every request it receives and can be told to refuse or hang.

/** A request as the fake provider received it. */
interface StripeRequest {
  method: string;
  /** The path, percent-encoding kept (`/v1/subscriptions/sub_123`). */
  path: string;
  /** Header names in lower case (`authorization`, `stripe-version`, `idempotency-key`). */
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A Stripe-shaped refusal: the HTTP status and the `error` object of the body. */
export interface StripeRefusal {
  status: number;
  type: string;
  code?: string;
  message: string;
}

/** A running fake provider. */
export interface TestStripe {
  /** The key it accepts as `Authorization: Bearer …`; any other is answered 401. */
  secretKey: string;
  host: string;
  port: number;
  /** The environment pointing the server at it (STRIPE_SECRET_KEY, STRIPE_API_HOST/PORT/PROTOCOL). */
  env: Record<string, string>;
  requests: StripeRequest[];
  /** Subscriptions it knows, by id, with their status. */
  subscriptions: Map<string, string>;
  /** Answers the next `times` requests with this refusal, whatever they ask. */
  refuseNext(refusal: StripeRefusal, times?: number): void;
  /** Never answers the next `times` requests (until `close`). */
  hangNext(times?: number): void;
  /** Forgets the requests, the subscriptions and any pending refusal or hang. */
  reset(): void;
  close(): Promise<void>;
}

type Planned = { kind: 'refuse'; refusal: StripeRefusal } | { kind: 'hang' };

/** Starts the fake provider on a free port of 127.0.0.1. */
export async function startStripeServer(secretKey = 'sk_test_fakeProviderKey0001'): Promise<TestStripe> {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, string>();
  const planned: Planned[] = [];
  let requestCount = 0;

  const subscription = (id: string, status: string) => ({
    id,
    object: 'subscription',
    status,
    livemode: false,
    canceled_at: status === 'canceled' ? Math.floor(Date.now() / 1000) : null,
  });

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      requests.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      requestCount += 1;
      const answer = (status: number, body: object) => {
        response.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_fake${requestCount}`,
          'Stripe-Version': String(request.headers['stripe-version'] ?? ''),
        });
        response.end(JSON.stringify(body));
      };
      const refuse = ({ status, type, code, message }: StripeRefusal) => answer(status, { error: { type, ...(code ? { code } : {}), message } });

      const plan = planned.shift();
      if (plan?.kind === 'hang') return; // the socket stays open; close() ends it
      if (plan?.kind === 'refuse') return refuse(plan.refusal);

      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return refuse({ status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
      }
      const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      const id = match ? decodeURIComponent(match[1]!) : undefined;
      const missing = () => refuse({ status: 404, type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${id}'` });
      if (id !== undefined && request.method === 'GET') {
        const status = subscriptions.get(id);
        return status === undefined ? missing() : answer(200, subscription(id, status));
      }
      if (id !== undefined && request.method === 'DELETE') {
        // As Stripe does: a canceled subscription can be read, but cancelling it again is
        // answered as if it did not exist.
        const status = subscriptions.get(id);
        if (status === undefined || status === 'canceled') return missing();
        subscriptions.set(id, 'canceled');
        return answer(200, subscription(id, 'canceled'));
      }
      refuse({ status: 404, type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  const host = '127.0.0.1';
  return {
    secretKey,
    host,
    port,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_HOST: host, STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    requests,
    subscriptions,
    refuseNext: (refusal, times = 1) => void planned.push(...Array.from({ length: times }, () => ({ kind: 'refuse' as const, refusal }))),
    hangNext: (times = 1) => void planned.push(...Array.from({ length: times }, () => ({ kind: 'hang' as const }))),
    reset() {
      requests.length = 0;
      subscriptions.clear();
      planned.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the hung requests, and the SDK's kept-alive sockets
      }),
  };
}
