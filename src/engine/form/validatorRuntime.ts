import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as formats from '../../../common/formFormats';

/**
 * A CommonJS helper of ajv as its generated code reads it (`require(name).default`): depending on
 * how the bundler wraps the module, its namespace's `default` is the function itself or the whole
 * `module.exports` (whose `default` is the function).
 */
function commonJs(namespace: object): object {
  const inner = (namespace as { default?: unknown }).default;
  return inner && typeof inner === 'object' && 'default' in inner ? inner : namespace;
}

/**
 * What the validators the server compiles for the screens in use need from the page: ajv's
 * runtime helpers, the forms' formats and the patterns' engine (RE2, common/linearRegExp.ts), by
 * the names their code asks for (server/definitions/validatorModule.ts). Set on `globalThis`
 * before such a module is imported: the module itself imports nothing, so it is one same-origin
 * script, with no `eval`. The patterns' engine is read on the first form's load, not with the page.
 */
export async function installValidatorRuntime(): Promise<void> {
  const patterns = await import('../../../common/linearRegExp');
  (globalThis as Record<string, unknown>).__formValidatorRuntime = {
    'ajv/dist/runtime/equal': commonJs(equal),
    'ajv/dist/runtime/ucs2length': commonJs(ucs2length),
    'ajv/dist/runtime/uri': commonJs(uri),
    'ajv/dist/runtime/validation_error': commonJs(validationError),
    formats,
    'common/linearRegExp': patterns,
  };
}
