import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as formats from '../../../common/formFormats';

/**
 * What the validators the server compiles for the screens in use need from the page: ajv's
 * runtime helpers and the forms' formats, by the names their code asks for
 * (server/definitions/validatorModule.ts). Set on `globalThis` before such a module is imported:
 * the module itself imports nothing, so it is one same-origin script, with no `eval`.
 */
export function installValidatorRuntime(): void {
  (globalThis as Record<string, unknown>).__formValidatorRuntime = {
    'ajv/dist/runtime/equal': equal,
    'ajv/dist/runtime/ucs2length': ucs2length,
    'ajv/dist/runtime/uri': uri,
    'ajv/dist/runtime/validation_error': validationError,
    formats,
  };
}
