import { formatBytes } from '../../common/formatBytes.js';
import { HttpError } from '../http/errors.js';

/**
 * How large a screen definition and its labels may be, as JSON: the largest built-in one, the
 * reading-sheet editor's, is about 37 KB, so this leaves staff several times its room while
 * bounding what a check, an impact or a preview reads (docs/security.md, "Definitions are
 * untrusted input"). The request bodies that carry them are bounded too (`DEFINITION_BODY_LIMIT`).
 */
export const DEFINITION_BOUNDS = { definitionBytes: 256 * 1024, labelsBytes: 64 * 1024 } as const;

/** The most a request carrying a definition, its labels and a record may weigh. */
export const DEFINITION_BODY_LIMIT = 512 * 1024;

const sizeOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** The 413 of a definition or labels over their bound, in words; undefined when both fit. */
export function definitionTooLarge(input: { definition?: unknown; labels?: unknown }): HttpError | undefined {
  const definition = sizeOf(input.definition);
  if (definition > DEFINITION_BOUNDS.definitionBytes) {
    const message = `The definition is ${formatBytes(definition)}: a screen definition holds at most ${formatBytes(DEFINITION_BOUNDS.definitionBytes)}.`;
    return new HttpError(413, message, { definition: [message] });
  }
  const labels = sizeOf(input.labels ?? {});
  if (labels > DEFINITION_BOUNDS.labelsBytes) {
    const message = `The labels are ${formatBytes(labels)}: a screen's labels hold at most ${formatBytes(DEFINITION_BOUNDS.labelsBytes)}.`;
    return new HttpError(413, message, { labels: [message] });
  }
  return undefined;
}
