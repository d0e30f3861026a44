import { LOCALES, type Translations } from '../../common/locales.js';
import { aiPrompts } from '../db/schema/editorial.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore } from '../engine/declaredStore.js';
import { translationsOf } from '../../common/translationsOf.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';

/** Variables every prompt text must mention (SPEC §2: "Context and json_structure are required"). */
const REQUIRED_PROMPT_VARIABLES = ['{{context}}', '{{json_structure}}'] as const;

export const AI_PROMPT_MESSAGES = {
  missingVariables: (missing: readonly string[]) => `The content must mention ${missing.join(' and ')}.`,
  invalidJson: 'The json structure must be valid JSON.',
  notAnObject: 'The json structure must be a JSON object.',
} as const;

/** Field errors of a prompt's texts: each filled language must mention the required variables; the structure must be a JSON object. */
function aiPromptErrors(contents: Translations, jsonStructure: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const locale of LOCALES) {
    const text = contents[locale];
    if (!text) continue;
    const missing = REQUIRED_PROMPT_VARIABLES.filter((variable) => !text.includes(variable));
    if (missing.length) errors[`contents.${locale}`] = [AI_PROMPT_MESSAGES.missingVariables(missing)];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonStructure);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) errors.json_structure = [AI_PROMPT_MESSAGES.notAnObject];
  } catch {
    errors.json_structure = [AI_PROMPT_MESSAGES.invalidJson];
  }
  return errors;
}

/**
 * AI prompts (SPEC §2 'AI-prompt save screen', §3): one per AI source, seeded
 * (server/db/seed/aiPrompts.ts), edited with `PUT admin/ai-prompts/{id}`, never created or deleted
 * (the screen's permissions: those routes do not exist). The label is fixed: a save keeps it.
 */
const fields = {
  id: { column: 'id' },
  label: { column: 'label', writable: false },
  contents: { column: 'contents', codec: 'translations' },
  json_structure: { column: 'jsonStructure' },
} as const satisfies CustomResourceDefinition['fields'];

export const aiPromptResource: CustomResourceDefinition = {
  api: 'ai-prompts',
  label: 'AI prompt',
  screen: 'ai-prompts',
  table: aiPrompts,
  fields,
  // SPEC §7 names the list's filter `label`; `name` is every list's search (the header's search box).
  filters: { label: { column: ['label'], op: 'search' }, name: { column: ['label'], op: 'search' } },
  store: declaredStore({
    table: aiPrompts,
    fields,
    rules: {
      /** Rule: each filled language mentions the required variables; the structure is a JSON object. */
      async beforeSave(_db, _id, body) {
        const errors = aiPromptErrors(translationsOf(body.contents), body.json_structure as string);
        if (Object.keys(errors).length) throw unprocessable(errors);
      },
    },
  }),
};
