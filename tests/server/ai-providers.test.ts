import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiModelOf, aiModels } from '../../server/ai/aiModels.js';
import { AI_CALL_MESSAGES, AiCallError, createAiCompletion } from '../../server/ai/aiCompletion.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { startAiProviderServer, TEST_ANTHROPIC_KEY, TEST_OPENAI_KEY, type TestAiProvider } from '../helpers/aiProviderServer.js';
import { createTestApp } from '../helpers/testApp.js';

/** What staff read of a model this server cannot call: whom to ask, never a setting's name. */
const NOT_SET_UP = 'Not set up on this server. Ask your administrator or technical team to enable it.';

let provider: TestAiProvider;
beforeAll(async () => {
  provider = await startAiProviderServer();
});
afterAll(async () => provider.close());
beforeEach(() => provider.reset());

const aiConfig = (env: Record<string, string>) => loadConfig({ DEMO_DATA: 'false', ...env }).ai;
const draftJson = JSON.stringify({ title: 'La Nuit', ratings: { story: 3 } });

describe('GET admin/ai-books/models', () => {
  it('offers the three models of SPEC §9, unavailable without keys, each saying whom to ask', async () => {
    const t = await createTestApp();
    try {
      const response = await t.as(await t.login(), { method: 'GET', url: '/api/admin/ai-books/models' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual([
        { id: 'fast', label: 'Fast (gpt-5-mini)', provider: 'openai', available: false, help: NOT_SET_UP },
        { id: 'large', label: 'Large (claude-sonnet-5-5)', provider: 'anthropic', available: false, help: NOT_SET_UP },
        { id: 'small', label: 'Small (claude-haiku-5-5)', provider: 'anthropic', available: false, help: NOT_SET_UP },
      ]);
    } finally {
      await t.close();
    }
  });

  it('marks a configured provider’s models available, with the model ids chosen, and never shows a key', async () => {
    const t = await createTestApp({ ...provider.env, AI_FAST_MODEL: 'local-llama-3', AI_LARGE_MODEL: 'claude-opus-5-5' });
    try {
      const response = await t.as(await t.login(), { method: 'GET', url: '/api/admin/ai-books/models' });
      expect(response.json().data).toEqual([
        { id: 'fast', label: 'Fast (local-llama-3)', provider: 'openai', available: true },
        { id: 'large', label: 'Large (claude-opus-5-5)', provider: 'anthropic', available: true },
        { id: 'small', label: 'Small (claude-haiku-5-5)', provider: 'anthropic', available: true },
      ]);
      expect(response.body).not.toContain(TEST_OPENAI_KEY);
      expect(response.body).not.toContain(TEST_ANTHROPIC_KEY);
    } finally {
      await t.close();
    }
  });

  it('counts a self-hosted OpenAI-compatible server (OPENAI_BASE_URL without a key) as available', () => {
    const models = aiModels(aiConfig({ OPENAI_BASE_URL: `${provider.url}/v1` }));
    expect(models.map((model) => [model.id, model.available])).toEqual([
      ['fast', true],
      ['large', false],
      ['small', false],
    ]);
  });
});

describe('the providers’ official SDKs against a local server speaking their protocol', () => {
  it('OpenAI: sends the model, the instructions and the prompt in JSON mode, and reads the answer and its tokens', async () => {
    const config = aiConfig({ ...provider.env, AI_FAST_MODEL: 'gpt-test-fast' });
    provider.plan({ kind: 'text', text: draftJson, inputTokens: 1234, outputTokens: 321 });
    const result = await createAiCompletion(config)({ model: aiModelOf(config, 'fast')!, system: 'Answer in JSON.', prompt: 'The filled prompt' });
    expect(result).toMatchObject({ text: draftJson, inputTokens: 1234, outputTokens: 321 });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${TEST_OPENAI_KEY}`);
    expect(request!.body).toMatchObject({
      model: 'gpt-test-fast',
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: 'Answer in JSON.' },
        { role: 'user', content: 'The filled prompt' },
      ],
    });
  });

  it('OpenAI-compatible server without a key: OPENAI_BASE_URL alone works', async () => {
    const config = aiConfig({ OPENAI_BASE_URL: `${provider.url}/v1` });
    provider.plan({ kind: 'text', text: '{"title":"x"}' });
    expect((await createAiCompletion(config)({ model: aiModelOf(config, 'fast')!, system: 's', prompt: 'p' })).text).toBe('{"title":"x"}');
    expect(provider.requests[0]!.headers.authorization).toBe('Bearer none');
  });

  it('Anthropic: sends the tier’s model, the instructions and the prompt with the answer started as a JSON object', async () => {
    const config = aiConfig({ ...provider.env, AI_SMALL_MODEL: 'claude-test-small' });
    // Anthropic continues the started answer: the server sees the rest of the object.
    provider.plan({ kind: 'text', text: draftJson.slice(1), inputTokens: 2000, outputTokens: 400 });
    const result = await createAiCompletion(config)({ model: aiModelOf(config, 'small')!, system: 'Answer in JSON.', prompt: 'The filled prompt' });
    expect(JSON.parse(result.text)).toEqual(JSON.parse(draftJson));
    expect(result).toMatchObject({ inputTokens: 2000, outputTokens: 400 });
    const [request] = provider.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages' });
    // The key, in the header this SDK sends it in.
    expect([request!.headers['x-api-key'], request!.headers.authorization]).toContainEqual(expect.stringContaining(TEST_ANTHROPIC_KEY));
    expect(request!.headers['anthropic-version']).toBeTruthy();
    expect(request!.body).toMatchObject({
      model: 'claude-test-small',
      system: 'Answer in JSON.',
      messages: [
        { role: 'user', content: 'The filled prompt' },
        { role: 'assistant', content: '{' },
      ],
    });
    expect(request!.body.max_tokens).toBeGreaterThan(1000);
  });

  it("tells a transient failure (429, 5xx, timeout) from a refusal, in one sentence staff can act on, the provider's words apart, without retrying by itself", async () => {
    const config = aiConfig({ ...provider.env, AI_TIMEOUT_MS: '1000' });
    const complete = createAiCompletion(config);
    const call = (id: 'fast' | 'large') =>
      complete({ model: aiModelOf(config, id)!, system: 's', prompt: 'p' }).then(
        () => undefined,
        (error: unknown) => error as AiCallError,
      );

    provider.plan({ kind: 'refuse', status: 429, message: 'Rate limit reached' });
    const busy = await call('fast');
    expect(busy).toBeInstanceOf(AiCallError);
    expect(busy).toMatchObject({ transient: true, status: 429 });
    expect(busy!.message).toBe('The AI provider is busy; try again in a few minutes.');
    expect(busy!.detail).toBe('The OpenAI-compatible server answered 429: 429 Rate limit reached');
    expect(provider.requests).toHaveLength(1);

    provider.plan({ kind: 'refuse', status: 529, message: 'Overloaded' });
    expect(await call('large')).toMatchObject({ transient: true, status: 529, message: AI_CALL_MESSAGES.providerDown });

    provider.plan({ kind: 'refuse', status: 404, message: 'model not found' });
    const unknown = await call('large');
    expect(unknown).toMatchObject({ transient: false, status: 404, message: AI_CALL_MESSAGES.model });
    expect(unknown!.detail).toContain('Anthropic answered 404');

    provider.plan({ kind: 'refuse', status: 401, message: 'invalid x-api-key' });
    expect(await call('large')).toMatchObject({ transient: false, message: AI_CALL_MESSAGES.key });

    provider.plan({ kind: 'refuse', status: 400, message: 'prompt is too long: 250000 tokens > 200000 maximum' });
    expect(await call('large')).toMatchObject({ transient: false, message: AI_CALL_MESSAGES.tooLong });

    provider.plan({ kind: 'hang' });
    const slow = await call('fast');
    expect(slow).toMatchObject({ transient: true });
    expect(slow!.message).toBe('The AI provider did not answer within 1 s; try again in a few minutes.');
    expect(slow!.detail).toBe('The OpenAI-compatible server did not answer within 1 s.');
  });
});

describe('the AI settings', () => {
  it('are checked at boot, naming the variable', () => {
    expect(() => loadConfig({ AI_TIMEOUT_MS: '10' })).toThrow(new ConfigError('AI_TIMEOUT_MS must be a whole number between 1000 and 1800000, got "10"'));
    expect(() => loadConfig({ OPENAI_BASE_URL: 'localhost:8000' })).toThrow(ConfigError);
    expect(() => loadConfig({ ANTHROPIC_BASE_URL: 'ftp://example.com' })).toThrow('ANTHROPIC_BASE_URL must use http: or https:');
    expect(() => loadConfig({ AI_FAST_MODEL: 'gpt 4' })).toThrow('AI_FAST_MODEL must be a model id');
  });
});
