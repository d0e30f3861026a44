import { pickTranslation, type Translations } from '../../common/locales.js';
import { translationsOf } from '../../common/translationsOf.js';
import type { Codec } from '../engine/declaration.js';
import { fileUrl } from '../storage/fileUrl.js';

/*
 * How a column value of each codec is read into the API and written from a body: pure value
 * mappings, below both the repositories (which read with them) and the engine's declared store
 * (which writes with them), so that neither loads a resource's code.
 */

/** Reads a column value as the API sends it. */
const READ: Record<Codec, (value: unknown) => unknown> = {
  value: (value) => value ?? null,
  translations: (value) => value ?? {},
  englishName: (value) => pickTranslation(value as Translations | null),
  reference: (value) => value ?? null,
  lowercase: (value) => value ?? null,
  file: (value) => (typeof value === 'string' && value ? fileUrl(value) : null),
  flag: (value) => (value ? 1 : 0),
  month: (value) => (typeof value === 'string' ? value.slice(0, 7) : null),
};

/** How a column value of codec `codec` is read into the API. */
export const readCodec = (codec: Codec) => READ[codec];

/** Writes a validated, trimmed body value as the column value. */
export const WRITE: Record<Exclude<Codec, 'englishName' | 'file'>, (value: unknown) => unknown> = {
  value: (value) => value ?? null,
  translations: translationsOf,
  reference: (value) => (typeof value === 'number' ? value : null),
  lowercase: (value) => (typeof value === 'string' ? value.toLowerCase() : null),
  flag: (value) => value === 1,
  month: (value) => (typeof value === 'string' && value ? `${value}-01` : null),
};
