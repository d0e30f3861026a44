import vm from 'node:vm';
import { parse, type Node } from 'acorn';
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

/** Every node of a parsed program (acorn's tree), depth first. */
function* nodes(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
    return;
  }
  if (typeof (node as Node).type === 'string') yield node as Node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && value && typeof value === 'object') yield* nodes(value);
}

/**
 * Loads a validators module (server/definitions/validatorModule.ts `runtimeValidatorsModule`) as
 * the browser will, before any colleague's browser does: parsed as an ES module by a JavaScript
 * parser (acorn, the grammar the browser applies), refused if it imports anything, then evaluated
 * in a context of its own holding only the runtime the page gives it, with a time limit, and each
 * validator it exports run once. Returns the keys it exports. Throws a ValidatorsModuleError
 * saying what failed. This is the second net: what reaches the generated code is first limited by
 * the closed language of the definitions' check.
 */
export function loadValidatorsModule(source: string, expectedKeys: readonly string[]): string[] {
  let program: ReturnType<typeof parse>;
  try {
    program = parse(source, { ecmaVersion: 2022, sourceType: 'module' });
  } catch (error) {
    throw new ValidatorsModuleError(`its validators do not parse as a script (${(error as Error).message})`);
  }
  const exported: string[] = [];
  let script = '';
  let at = 0;
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration' || statement.type === 'ExportDefaultDeclaration') {
      throw new ValidatorsModuleError('its validators import or export what they may not');
    }
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration;
      if (!declaration || declaration.type !== 'VariableDeclaration') throw new ValidatorsModuleError('its validators export what they may not');
      for (const declarator of declaration.declarations) if (declarator.id.type === 'Identifier') exported.push(declarator.id.name);
      // The declaration without its `export`, as a script holds it.
      script += source.slice(at, statement.start) + source.slice(declaration.start, statement.end);
      at = statement.end;
    }
  }
  script += source.slice(at);
  for (const node of nodes(program.body)) {
    if (node.type === 'ImportExpression' || node.type === 'MetaProperty') throw new ValidatorsModuleError('its validators load code, which they may not');
  }
  if (!exported.includes('FORM_VALIDATORS')) throw new ValidatorsModuleError('its validators module exports no FORM_VALIDATORS');
  const context = vm.createContext({ [VALIDATOR_RUNTIME_GLOBAL]: RUNTIME });
  try {
    const keys = vm.runInContext(
      `${script}\n;(() => { for (const validate of Object.values(FORM_VALIDATORS)) { validate({}); validate(null); validate([]); } return Object.keys(FORM_VALIDATORS).join(','); })()`,
      context,
      { timeout: LOAD_TIMEOUT_MS, filename: 'validators.js' },
    ) as unknown;
    const found = typeof keys === 'string' && keys ? keys.split(',') : [];
    const missing = expectedKeys.filter((key) => !found.includes(key));
    if (missing.length) throw new ValidatorsModuleError(`its validators module lacks ${missing.join(', ')}`);
    return found;
  } catch (error) {
    if (error instanceof ValidatorsModuleError) throw error;
    throw new ValidatorsModuleError(`its validators do not run (${(error as Error).message})`);
  }
}

/** Builds the browser's validators module of these schemas and loads it as the browser will (`loadValidatorsModule`); throws a ValidatorsModuleError. */
export function assertValidatorsLoad(schemas: readonly object[]): string {
  let source: string;
  try {
    source = runtimeValidatorsModule(schemas);
  } catch (error) {
    throw new ValidatorsModuleError(`its validators cannot be built (${(error as Error).message})`);
  }
  loadValidatorsModule(source, []);
  return source;
}
