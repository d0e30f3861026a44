import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { AiConfig } from '../config.js';
import type { AiModel, AiProvider } from './aiModels.js';

/** One call for a draft: the model, the instructions and the filled prompt. */
interface AiCompletionRequest {
  model: AiModel;
  /** What the answer must be (a JSON object of the draft's shape). */
  system: string;
  /** The AI prompt of the source and language, its variables filled. */
  prompt: string;
  signal?: AbortSignal;
}

/** The provider's answer as text (a JSON object, unchecked), with what it cost and took. */
interface AiCompletionResult {
  text: string;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number;
}

/**
 * A failed call: one sentence staff can read and act on (`message`, which becomes the sheet's
 * `ai_generation_error`: what happened and what to do, never the provider's own words), the
 * provider's detail for the log (`detail`: who answered, the status, its message), and whether
 * trying again later may succeed: a rate limit (429), a provider error (5xx), a timeout or a
 * connection failure are transient; a refusal (400, 401, 404…) is not.
 */
export class AiCallError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
    readonly detail: string = message,
  ) {
    super(message);
    this.name = 'AiCallError';
  }
}

/** What staff read when a call fails, by cause (docs/ai.md): one sentence, what to do in it. */
export const AI_CALL_MESSAGES = {
  busy: 'The AI provider is busy; try again in a few minutes.',
  providerDown: 'The AI provider has a problem on its side; try again in a few minutes.',
  timeout: (seconds: number) => `The AI provider did not answer within ${seconds} s; try again in a few minutes.`,
  unreachable: 'The AI provider could not be reached; try again in a few minutes, and tell your technical team if it lasts.',
  stopped: 'The generation was stopped before the AI answered.',
  key: "The AI provider refused this server's key; ask your administrator or technical team to check it.",
  model: 'The AI provider does not know the model set up on this server; ask your administrator or technical team to check it.',
  tooLong: 'The text to generate from is too long for this model; choose the large model, or generate from the report.',
  refused: 'The AI provider refused the request; try again, and tell your technical team if it happens again.',
  failed: 'The AI provider could not be called; tell your technical team if it happens again.',
} as const;

/** Sends one request to the provider of its model. */
export type AiCompletion = (request: AiCompletionRequest) => Promise<AiCompletionResult>;

const PROVIDER_NAMES: Record<AiProvider, string> = { openai: 'The OpenAI-compatible server', anthropic: 'Anthropic' };
/** Room for a whole draft: the longest fields run to a few thousand words. */
const MAX_OUTPUT_TOKENS = 16_000;

/**
 * The calls to the providers through their official SDKs, with the keys, base URLs and timeout
 * of the configuration. The SDKs do not retry (`maxRetries: 0`): the generation job retries a
 * transient failure itself, once, with a backoff, so a retry survives a restart of the server.
 */
export function createAiCompletion(config: AiConfig): AiCompletion {
  let clients: Promise<AiClients> | undefined;
  // The SDKs are loaded with the first draft asked for, not with the server: about half a second
  // of every start (bench/results.md, 'Server start').
  const loaded = () =>
    (clients ??= Promise.all([import('openai'), import('@anthropic-ai/sdk')]).then(([{ default: OpenAISdk }, { default: AnthropicSdk }]) => ({
      OpenAI: OpenAISdk,
      Anthropic: AnthropicSdk,
      openai: new OpenAISdk({
        // A self-hosted server may need no key; the SDK insists on one.
        apiKey: config.openaiApiKey ?? 'none',
        ...(config.openaiBaseUrl ? { baseURL: config.openaiBaseUrl } : {}),
        timeout: config.timeoutMs,
        maxRetries: 0,
      }),
      anthropic: new AnthropicSdk({
        apiKey: config.anthropicApiKey ?? null,
        ...(config.anthropicBaseUrl ? { baseURL: config.anthropicBaseUrl } : {}),
        timeout: config.timeoutMs,
        maxRetries: 0,
      }),
    })));

  return async ({ model, system, prompt, signal }) => {
    const sdk = await loaded();
    const started = performance.now();
    try {
      if (model.provider === 'openai') {
        // JSON mode: the server answers one JSON object.
        const answer = await sdk.openai.chat.completions.create(
          {
            model: model.model,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: system },
              { role: 'user', content: prompt },
            ],
          },
          signal ? { signal } : {},
        );
        return {
          text: answer.choices[0]?.message?.content ?? '',
          inputTokens: answer.usage?.prompt_tokens ?? null,
          outputTokens: answer.usage?.completion_tokens ?? null,
          durationMs: Math.round(performance.now() - started),
        };
      }
      // Anthropic has no JSON mode: the answer is started with the object's opening brace.
      const answer = await sdk.anthropic.messages.create(
        {
          model: model.model,
          max_tokens: MAX_OUTPUT_TOKENS,
          system,
          messages: [
            { role: 'user', content: prompt },
            { role: 'assistant', content: '{' },
          ],
        },
        signal ? { signal } : {},
      );
      const text = answer.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      return {
        text: `{${text}`,
        inputTokens: answer.usage?.input_tokens ?? null,
        outputTokens: answer.usage?.output_tokens ?? null,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (error) {
      throw callError(sdk, model.provider, error, config.timeoutMs);
    }
  };
}

/** The SDKs' classes (for their error classes) and their clients, once loaded. */
interface AiClients {
  OpenAI: typeof OpenAI;
  Anthropic: typeof Anthropic;
  openai: OpenAI;
  anthropic: Anthropic;
}

/** A refusal that says the prompt is over the model's context (a long manuscript). */
const TOO_LONG = /too long|context length|context window|maximum context|too many tokens/i;

/** The SDKs' errors as AiCallError: the sentence for staff, the provider's detail, whether it is worth trying again. */
function callError({ OpenAI, Anthropic }: AiClients, provider: AiProvider, error: unknown, timeoutMs: number): AiCallError {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof Anthropic.APIConnectionTimeoutError) {
    const seconds = Math.round(timeoutMs / 1000);
    return new AiCallError(AI_CALL_MESSAGES.timeout(seconds), true, undefined, `${name} did not answer within ${seconds} s.`);
  }
  if (error instanceof OpenAI.APIUserAbortError || error instanceof Anthropic.APIUserAbortError) {
    return new AiCallError(AI_CALL_MESSAGES.stopped, true);
  }
  if (error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError) {
    return new AiCallError(AI_CALL_MESSAGES.unreachable, true, undefined, `${name} could not be reached (${error.message}).`);
  }
  if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
    const status = error.status;
    const transient = status === 429 || status === 408 || status === 409 || (status !== undefined && status >= 500);
    const message =
      status === 429
        ? AI_CALL_MESSAGES.busy
        : transient
          ? AI_CALL_MESSAGES.providerDown
          : status === 401 || status === 403
            ? AI_CALL_MESSAGES.key
            : status === 404
              ? AI_CALL_MESSAGES.model
              : status === 413 || TOO_LONG.test(error.message)
                ? AI_CALL_MESSAGES.tooLong
                : AI_CALL_MESSAGES.refused;
    return new AiCallError(message, transient, status, `${name} answered ${status ?? 'no status'}: ${error.message}`);
  }
  return new AiCallError(AI_CALL_MESSAGES.failed, false, undefined, `${name} could not be called: ${error instanceof Error ? error.message : String(error)}`);
}
