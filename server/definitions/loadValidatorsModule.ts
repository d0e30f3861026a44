import vm from 'node:vm';
import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as formats from '../../common/formFormats.js';
import * as patterns from '../../common/linearRegExp.js';
import { runtimeKey, runtimeValidatorsModule, VALIDATOR_RUNTIME_GLOBAL, PATTERNS_MODULE } from './validatorModule.js';

/** How long loading a validators module and running each validator once may take. */
const LOAD_TIMEOUT_MS = 1000;

/** What the page hands the module (src/engine/form/validatorRuntime.ts), here from the server's own modules. */
const RUNTIME = {
  'ajv/dist/runtime/equal': equal,
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv/dist/runtime/uri': uri,
  'ajv/dist/runtime/validation_error': validationError,
  [runtimeKey('common/formFormats')]: formats,
  [runtimeKey(PATTERNS_MODULE)]: patterns,
};

/** A validators module the browser could not load, or whose validators do not run: why, in words. */
export class ValidatorsModuleError extends Error {}

/** The export statements a validators module holds (server/definitions/validatorModule.ts): its validators by key, and the map of them. */
const EXPORT = /export const ([A-Za-z_$][\w$]*) = /g;

/**
 * Loads a validators module (server/definitions/validatorModule.ts `runtimeValidatorsModule`) as
 * the browser will, before any colleague's browser does: compiled by V8 as strict code, its
 * `export const` declarations read as declarations (so a module that imports, or exports anything
 * else, does not compile), then run in a context of its own that holds only the runtime the page
 * gives it (no `process`, no `require`, no dynamic import), with a time limit, and each validator
 * it exports run once. Returns the keys it exports, and throws a ValidatorsModuleError saying what
 * failed. This is the second net: what reaches the generated code is first limited by the closed
 * language of the definitions' check.
 */
export function loadValidatorsModule(source: string, expectedKeys: readonly string[]): string[] {
  if (!/export const FORM_VALIDATORS = /.test(source)) throw new ValidatorsModuleError('its validators module exports no FORM_VALIDATORS');
  // A string holding these words changes only in what is loaded here, and still parses.
  const script = `"use strict";\n${source.replace(EXPORT, 'const $1 = ')}\n;(() => { for (const validate of Object.values(FORM_VALIDATORS)) { validate({}); validate(null); validate([]); } return Object.keys(FORM_VALIDATORS).join(","); })()`;
  let compiled: vm.Script;
  try {
    compiled = new vm.Script(script, { filename: 'validators.js' });
  } catch (error) {
    throw new ValidatorsModuleError(`its validators do not parse as a script (${(error as Error).message})`);
  }
  const context = vm.createContext({ [VALIDATOR_RUNTIME_GLOBAL]: RUNTIME }, { codeGeneration: { strings: false, wasm: false } });
  let keys: unknown;
  try {
    keys = compiled.runInContext(context, { timeout: LOAD_TIMEOUT_MS });
  } catch (error) {
    throw new ValidatorsModuleError(`its validators do not run (${(error as Error).message})`);
  }
  const found = typeof keys === 'string' && keys ? keys.split(',') : [];
  const missing = expectedKeys.filter((key) => !found.includes(key));
  if (missing.length) throw new ValidatorsModuleError(`its validators module lacks ${missing.join(', ')}`);
  return found;
}

/** The browser's validators module of one schema (`runtimeValidatorsModule`); throws a ValidatorsModuleError when it cannot be built. */
export function validatorsModuleOf(schema: object): string {
  try {
    return runtimeValidatorsModule([schema]);
  } catch (error) {
    throw new ValidatorsModuleError(`its validators cannot be built (${(error as Error).message})`);
  }
}
