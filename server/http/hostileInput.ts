import { LOCALES } from '../../common/locales.js';
import { HttpError, unprocessable } from './errors.js';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The deepest form the product sends
 * (a reading sheet's characters and their ages) is 4 levels; 32 leaves room for any screen while
 * keeping every recursive walk over a body (validation, trimming, normalisation) far from the stack
 * limit, which a 20 KB body nested 10,000 levels deep would otherwise reach.
 */
export const MAX_JSON_DEPTH = 32;

/** The 400 of a body nested deeper than MAX_JSON_DEPTH. */
export const tooDeepError = () => new HttpError(400, `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`);

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, read in one pass over the
 * characters (brackets inside strings do not count), before anything parses it recursively.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Why a value cannot be stored as sent. */
export type UnstorableProblem = 'character' | 'number';

/**
 * A string PostgreSQL cannot store as sent: a NUL character (text and jsonb refuse it) or a lone
 * UTF-16 surrogate (refused in jsonb, silently replaced by U+FFFD in a text column).
 */
export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN.test(value);
}

// With the `u` flag a surrogate pair is one code point, so \p{Cs} matches only a lone surrogate.
// eslint-disable-next-line no-control-regex -- NUL is precisely what this looks for
const FORBIDDEN = /[\u0000\p{Cs}]/u;

/**
 * The first place in a parsed body or query where a value cannot be stored: a string (or an
 * object key) with a forbidden character, or a number that is not finite (`1e400` parses as
 * Infinity). The path is dotted, as the API's field errors are keyed. The walk is recursive:
 * JSON bodies reach it only once `jsonTooDeep` has bounded their depth.
 */
export function findUnstorable(value: unknown, path: string[] = []): { path: string[]; problem: UnstorableProblem } | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? { path, problem: 'character' } : undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, problem: 'number' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacter(key)) return { path, problem: 'character' };
      const found = findUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

/**
 * The field a dotted path is about, in the user's words: `titles.fr` is the titles field,
 * `seriesList.2.name` the name field, `original_title` the original title field.
 */
function fieldWords(path: readonly string[]): string {
  const named = path.filter((segment) => !/^\d+$/.test(segment) && !LOCALE_SET.has(segment));
  return (named[named.length - 1] ?? path[path.length - 1] ?? 'value').replace(/_/g, ' ');
}

/** The message of a value with a character that cannot be stored. */
const forbiddenCharacterMessage = (path: readonly string[]) => `The ${fieldWords(path)} field contains a character that is not allowed.`;

/** The 422 of an unstorable value, keyed by its dotted path (`_` for the body itself). */
export function unstorableError(found: { path: string[]; problem: UnstorableProblem }): HttpError {
  const message = found.problem === 'character' ? forbiddenCharacterMessage(found.path) : `The ${fieldWords(found.path)} must be a finite number.`;
  return unprocessable({ [found.path.join('.') || '_']: [message] });
}
