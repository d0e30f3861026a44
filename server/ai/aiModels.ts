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
  /** For a model that is not available: how to enable it, in the words of the README. */
  help: string | undefined;
}

const HOW_TO: Record<AiProvider, string> = {
  openai: 'Set OPENAI_API_KEY (or OPENAI_BASE_URL for a self-hosted OpenAI-compatible server) on the server to enable this model.',
  anthropic: 'Set ANTHROPIC_API_KEY on the server to enable this model.',
};

/** Whether a provider can be called: a key, or (OpenAI's protocol) the base URL of a server that may need none. */
function providerAvailable(config: AiConfig, provider: AiProvider): boolean {
  return provider === 'openai' ? Boolean(config.openaiApiKey || config.openaiBaseUrl) : Boolean(config.anthropicApiKey);
}

/** The three models of SPEC §9 as configured: one fast model of one provider, a large and a small tier of another. */
export function aiModels(config: AiConfig): AiModel[] {
  const model = (id: AiModelId, label: string, provider: AiProvider, providerModel: string): AiModel => {
    const available = providerAvailable(config, provider);
    return { id, label: `${label} (${providerModel})`, provider, model: providerModel, available, help: available ? undefined : HOW_TO[provider] };
  };
  return [model('fast', 'Fast', 'openai', config.fastModel), model('large', 'Large', 'anthropic', config.largeModel), model('small', 'Small', 'anthropic', config.smallModel)];
}

/** The configured model of an id, or undefined for an id that is none of the three. */
export function aiModelOf(config: AiConfig, id: string): AiModel | undefined {
  return aiModels(config).find((model) => model.id === id);
}
