import { LOCALES, type Translations } from './locales.js';

/** A per-locale value from a validated body: the known locales with a non-empty text, in locale order. */
export function translationsOf(value: unknown): Translations {
  const source = (value ?? {}) as Record<string, unknown>;
  const result: Translations = {};
  for (const locale of LOCALES) {
    const text = source[locale];
    if (typeof text === 'string' && text !== '') result[locale] = text;
  }
  return result;
}
