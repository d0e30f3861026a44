import type { AiConfig } from '../config.js';

/** The providers of the AI drafts: OpenAI's protocol (OpenAI or a self-hosted compatible server) and Anthropic's. */
export type AiProvider = 'openai' | 'anthropic';

/** The models staff choose from (SPEC §9), by the id the generation's `ai_model` names. */
export const AI_MODEL_IDS = ['fast', 'large', 'small'] as const;
export type AiModelId = (typeof AI_MODEL_IDS)[number];

/** One model as the server uses it: the provider's model id, and whether it can be called here. */
export interface AiModel {
  id: AiModelId;
  /** What staff read in the generation dialog. */
  label: string;
  provider: AiProvider;
  /** The id sent to the provider (`gpt-5-mini`, `claude-sonnet-5-5`). */
  model: string;
  available: boolean;
  /** For a model that is not available: what staff can do about it, in their words (no setting names). */
  help: string | undefined;
}

/** What staff read about a model this server cannot call: whom to ask, never how to configure it. */
const MODEL_NOT_SET_UP = 'Not set up on this server. Ask your administrator or technical team to enable it.';

/**
 * How an operator enables a provider: the variables of the README's configuration table. Written
 * in the server's log (`aiSetupLog`), never shown to staff.
 */
const HOW_TO: Record<AiProvider, string> = {
  openai: 'set OPENAI_API_KEY (or OPENAI_BASE_URL for a self-hosted OpenAI-compatible server)',
  anthropic: 'set ANTHROPIC_API_KEY',
};

/** Whether a provider can be called: a key, or (OpenAI's protocol) the base URL of a server that may need none. */
function providerAvailable(config: AiConfig, provider: AiProvider): boolean {
  return provider === 'openai' ? Boolean(config.openaiApiKey || config.openaiBaseUrl) : Boolean(config.anthropicApiKey);
}

/** The three models of SPEC §9 as configured: one fast model of one provider, a large and a small tier of another. */
export function aiModels(config: AiConfig): AiModel[] {
  const model = (id: AiModelId, label: string, provider: AiProvider, providerModel: string): AiModel => {
    const available = providerAvailable(config, provider);
    return { id, label: `${label} (${providerModel})`, provider, model: providerModel, available, help: available ? undefined : MODEL_NOT_SET_UP };
  };
  return [
    model('fast', 'Fast', 'openai', config.fastModel),
    model('large', 'Large', 'anthropic', config.largeModel),
    model('small', 'Small', 'anthropic', config.smallModel),
  ];
}

/** The configured model of an id, or undefined for an id that is none of the three. */
export function aiModelOf(config: AiConfig, id: string): AiModel | undefined {
  return aiModels(config).find((model) => model.id === id);
}

/**
 * The line the server logs once at start when a model cannot be called: which models, and the
 * variables that enable them (README, "Configuration"); undefined when all three can be called.
 */
export function aiSetupLog(config: AiConfig): { level: 'warn' | 'info'; unavailable: string[]; message: string } | undefined {
  const models = aiModels(config);
  const missing = models.filter((model) => !model.available);
  if (missing.length === 0) return undefined;
  const providers = [...new Set(missing.map((model) => model.provider))];
  const how = providers
    .map((provider) => {
      const labels = missing.filter((model) => model.provider === provider).map((model) => model.label);
      return `${HOW_TO[provider]} for the ${labels.join(' and ')} model${labels.length > 1 ? 's' : ''}`;
    })
    .join('; ');
  const none = missing.length === models.length;
  return {
    level: none ? 'warn' : 'info',
    unavailable: missing.map((model) => model.id),
    message: `${none ? 'AI generation is not set up: no AI provider is configured' : 'Some AI models are not set up'}. To enable them, ${how} (README, "Configuration").`,
  };
}
