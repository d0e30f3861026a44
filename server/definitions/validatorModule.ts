import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formAjvOptions } from '../../common/ajvOptions.js';
import { linearRegExp } from '../../common/linearRegExp.js';
import { validationKey } from '../../common/validationKey.js';

/** The name standing for common/formFormats in generated code (`require(FORMATS).formFormats`). */
export const FORMATS_MODULE = 'common/formFormats';
/** The name standing for common/linearRegExp in generated code (its `code`, common/linearRegExp.ts). */
export const PATTERNS_MODULE = 'common/linearRegExp';

/**
 * Ajv's standalone code of the forms' validators, each under the `validationKey` of its schema,
 * compiled with the forms' options (common/ajvOptions.ts): the same validators as the server's.
 * The code reaches ajv's runtime helpers, the formats and the patterns' engine through
 * `require("<name>")`; `bind` says what each becomes. Returns the code and the validators' keys.
 * Every string of a schema reaches the code through Ajv's code generator, which writes it as a
 * JSON string literal (U+2028 and U+2029 escaped); the one string Ajv writes unescaped, a
 * schema's `$id` in a `sourceURL` comment, is never a staff's: the check refuses `$id`, and each
 * schema is added here under its key.
 */
export function validatorsSource(
  schemas: readonly object[],
  bind: (module: string, index: number) => string,
): { code: string; keys: string[]; modules: string[] } {
  const ajv = new Ajv({
    ...formAjvOptions,
    code: { source: true, esm: true, lines: false, optimize: true, formats: _`require(${FORMATS_MODULE}).formFormats`, regExp: linearRegExp },
  });
  const byKey = new Map(schemas.map((schema) => [validationKey(schema), schema]));
  for (const [key, schema] of byKey) ajv.addSchema({ ...schema, $id: key });
  const modules: string[] = [];
  const code = standaloneCode(ajv)
    .replace(/require\("([^"]+)"\)/g, (_match, name: string) => {
      if (!modules.includes(name)) modules.push(name);
      return bind(name, modules.indexOf(name));
    })
    .replace(/^"use strict";/, '');
  return { code, keys: [...byKey.keys()], modules };
}

/** The global through which the browser hands ajv's runtime helpers to validators it loads at run time. */
export const VALIDATOR_RUNTIME_GLOBAL = '__formValidatorRuntime';

/** The key of a required module in the runtime object (src/engine/form/validatorRuntime.ts). */
export const runtimeKey = (name: string): string => (name === FORMATS_MODULE ? 'formats' : name);

/**
 * An ES module of the forms' validators for the browser to load at run time (`import()` of a
 * same-origin script: the Content-Security-Policy's `script-src 'self'`, no `eval`): no import of
 * its own, ajv's helpers, the formats and the patterns' engine read from
 * `globalThis.__formValidatorRuntime`, which the client sets (src/engine/form/validatorRuntime.ts).
 * It exports `FORM_VALIDATORS` by key.
 */
export function runtimeValidatorsModule(schemas: readonly object[]): string {
  const { code, keys } = validatorsSource(schemas, (name) => `__runtime[${JSON.stringify(runtimeKey(name))}]`);
  return `const __runtime = globalThis.${VALIDATOR_RUNTIME_GLOBAL};\n${code}\nexport const FORM_VALIDATORS = { ${keys.join(', ')} };\n`;
}
