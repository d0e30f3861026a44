import http from 'node:http';
import type net from 'node:net';

// A real HTTP server on 127.0.0.1 that answers the two AI protocols the server speaks, OpenAI's
// chat completions (POST /v1/chat/completions) and Anthropic's messages (POST /v1/messages), the
// way those providers do, so the official SDKs run unchanged against it. It keeps every request
// it receives and can be told to answer a text, refuse with a status, or never answer.

/** A request as the fake provider received it, its JSON body parsed. */
interface AiRequest {
  method: string;
  path: string;
  /** Header names in lower case (`authorization`, `x-api-key`, `anthropic-version`). */
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What the fake answers to one request. */
type AiAnswer =
  | { kind: 'text'; text: string; inputTokens?: number; outputTokens?: number; delayMs?: number }
  | { kind: 'refuse'; status: number; message: string }
  | { kind: 'hang' };

/** A running fake provider. */
export interface TestAiProvider {
  url: string;
  /** The environment pointing the server at it: both protocols, with keys. */
  env: Record<string, string>;
  requests: AiRequest[];
  /** Answers the next requests with these, in order; afterwards, `fallback`. */
  plan(...answers: AiAnswer[]): void;
  /** The answer once the plan is used up (a text of `{}` at first). */
  fallback: AiAnswer;
  reset(): void;
  close(): Promise<void>;
}

export const TEST_OPENAI_KEY = 'sk-test-local-provider';
export const TEST_ANTHROPIC_KEY = 'sk-ant-test-local-provider';

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

function answerOpenAi(response: http.ServerResponse, model: string, answer: Exclude<AiAnswer, { kind: 'hang' }>): void {
  if (answer.kind === 'refuse')
    return send(response, answer.status, {
      error: { message: answer.message, type: answer.status === 429 ? 'rate_limit_exceeded' : 'invalid_request_error', code: null },
    });
  const input = answer.inputTokens ?? 100;
  const output = answer.outputTokens ?? 50;
  send(response, 200, {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: answer.text, refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  });
}

function answerAnthropic(response: http.ServerResponse, model: string, answer: Exclude<AiAnswer, { kind: 'hang' }>): void {
  if (answer.kind === 'refuse') {
    return send(response, answer.status, {
      type: 'error',
      error: { type: answer.status === 429 ? 'rate_limit_error' : 'invalid_request_error', message: answer.message },
    });
  }
  send(response, 200, {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model,
    content: [{ type: 'text', text: answer.text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: answer.inputTokens ?? 100, output_tokens: answer.outputTokens ?? 50 },
  });
}

/** Starts the fake provider on a free port of 127.0.0.1. */
export async function startAiProviderServer(): Promise<TestAiProvider> {
  const requests: AiRequest[] = [];
  let planned: AiAnswer[] = [];
  const sockets = new Set<net.Socket>();
  const fake = { fallback: { kind: 'text', text: '{}' } as AiAnswer };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(response, 400, { error: { message: 'Body is not JSON' } });
      }
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, body });
      const answer = planned.shift() ?? fake.fallback;
      if (answer.kind === 'hang') return;
      if (answer.kind === 'text' && answer.delayMs) {
        setTimeout(() => reply(answer, body), answer.delayMs);
        return;
      }
      reply(answer, body);
    });
    const reply = (answer: Exclude<AiAnswer, { kind: 'hang' }>, body: Record<string, unknown>) => {
      const path = request.url ?? '';
      const model = String(body.model ?? '');
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        if (request.headers.authorization !== `Bearer ${TEST_OPENAI_KEY}` && request.headers.authorization !== 'Bearer none') {
          return send(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
        }
        return answerOpenAi(response, model, answer);
      }
      if (request.method === 'POST' && path === '/v1/messages') {
        if (request.headers['x-api-key'] !== TEST_ANTHROPIC_KEY && request.headers.authorization !== `Bearer ${TEST_ANTHROPIC_KEY}`)
          return send(response, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
        // An answer started by the request (an assistant message last) is continued, not repeated.
        const messages = (body.messages ?? []) as { role: string; content: unknown }[];
        const started = messages.at(-1)?.role === 'assistant' ? String(messages.at(-1)!.content) : '';
        const continued =
          answer.kind === 'text' && started && answer.text.startsWith(started) ? { ...answer, text: answer.text.slice(started.length) } : answer;
        return answerAnthropic(response, model, continued);
      }
      send(response, 404, { error: { message: `No route ${request.method} ${path}` } });
    };
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    env: { OPENAI_API_KEY: TEST_OPENAI_KEY, OPENAI_BASE_URL: `${url}/v1`, ANTHROPIC_API_KEY: TEST_ANTHROPIC_KEY, ANTHROPIC_BASE_URL: url },
    requests,
    plan: (...answers: AiAnswer[]) => {
      planned.push(...answers);
    },
    reset: () => {
      requests.length = 0;
      planned = [];
      fake.fallback = { kind: 'text', text: '{}' };
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
