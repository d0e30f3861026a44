import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { AiConfig } from '../config.js';
import type { AiModel, AiProvider } from './aiModels.js';

/** One call for a draft: the model, the instructions and the filled prompt. */
export interface AiCompletionRequest {
  model: AiModel;
  /** What the answer must be (a JSON object of the draft's shape). */
  system: string;
  /** The AI prompt of the source and language, its variables filled. */
  prompt: string;
  signal?: AbortSignal;
}

/** The provider's answer as text (a JSON object, unchecked), with what it cost and took. */
export interface AiCompletionResult {
  text: string;
  inputTokens: number | null;
  outputTokens: number | null;
  durationMs: number;
}

/**
 * A failed call, in words staff can read (it becomes the sheet's `ai_generation_error`), and
 * whether trying again later may succeed: a rate limit (429), a provider error (5xx), a timeout
 * or a connection failure are transient; a refusal (400, 401, 404…) is not.
 */
export class AiCallError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'AiCallError';
  }
}

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

/** The SDKs' errors as AiCallError: what happened, and whether it is worth trying again. */
function callError({ OpenAI, Anthropic }: AiClients, provider: AiProvider, error: unknown, timeoutMs: number): AiCallError {
  const name = PROVIDER_NAMES[provider];
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof Anthropic.APIConnectionTimeoutError) {
    return new AiCallError(`${name} did not answer within ${Math.round(timeoutMs / 1000)} s.`, true);
  }
  if (error instanceof OpenAI.APIUserAbortError || error instanceof Anthropic.APIUserAbortError) {
    return new AiCallError('The generation was stopped before the AI answered.', true);
  }
  if (error instanceof OpenAI.APIConnectionError || error instanceof Anthropic.APIConnectionError) {
    return new AiCallError(`${name} could not be reached (${error.message}).`, true);
  }
  if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
    const status = error.status;
    const transient = status === 429 || status === 408 || status === 409 || (status !== undefined && status >= 500);
    const what = status === 429 ? 'is busy (too many requests)' : status === 401 || status === 403 ? 'refused the key' : status === 404 ? 'does not know this model' : 'refused the request';
    return new AiCallError(`${name} ${what} (${status ?? 'no status'}): ${error.message}`, transient, status);
  }
  return new AiCallError(`${name} could not be called: ${error instanceof Error ? error.message : String(error)}`, false);
}
