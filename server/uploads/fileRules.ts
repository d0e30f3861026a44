import { FILE_RULES } from '../../common/fileRules.js';

/**
 * Server side of the upload rules. The data (extensions, limits, messages) lives in
 * `common/fileRules.ts` so the client shows exactly the messages the server answers with.
 */
export { EXTENSION_MIME, FILE_RULES, fileExtension, type FileRule, type FileRuleName } from '../../common/fileRules.js';

/** The largest `maxBytes` of all rules: the ceiling given to @fastify/multipart (plus one byte). */
export const LARGEST_FILE_BYTES = Math.max(...Object.values(FILE_RULES).map((rule) => rule.maxBytes));
