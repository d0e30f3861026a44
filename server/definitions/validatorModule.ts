import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formAjvOptions } from '../../common/ajvOptions.js';
import { validationKey } from '../../common/validationKey.js';

/** The name standing for common/formFormats in generated code (`require(FORMATS).formFormats`). */
export const FORMATS_MODULE = 'common/formFormats';

/**
 * Ajv's standalone code of the forms' validators, each under the `validationKey` of its schema,
 * compiled with the forms' options (common/ajvOptions.ts): the same validators as the server's.
 * The code reaches ajv's runtime helpers and the formats through `require("<name>")`; `bind`
 * says what each becomes. Returns the code and the validators' keys.
 */
export function validatorsSource(schemas: readonly object[], bind: (module: string, index: number) => string): { code: string; keys: string[]; modules: string[] } {
  const ajv = new Ajv({ ...formAjvOptions, code: { source: true, esm: true, lines: false, formats: _`require(${FORMATS_MODULE}).formFormats` } });
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

/**
 * An ES module of the forms' validators for the browser to load at run time (`import()` of a
 * same-origin script: the Content-Security-Policy's `script-src 'self'`, no `eval`): no import of
 * its own, ajv's helpers and the formats read from `globalThis.__formValidatorRuntime`, which the
 * client sets (src/engine/form/validatorRuntime.ts). It exports `FORM_VALIDATORS` by key.
 */
export function runtimeValidatorsModule(schemas: readonly object[]): string {
  const { code, keys } = validatorsSource(schemas, (name) => `__runtime[${JSON.stringify(name === FORMATS_MODULE ? 'formats' : name)}]`);
  return `const __runtime = globalThis.${VALIDATOR_RUNTIME_GLOBAL};\n${code}\nexport const FORM_VALIDATORS = { ${keys.join(', ')} };\n`;
}
