import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { expandScreen } from '../common/expandTranslations';
import type { ScreenDefinition } from '../common/screenDefinition';
import { FORMATS_MODULE, PATTERNS_MODULE, validatorsSource } from '../server/definitions/validatorModule';

const SCREENS_DIR = fileURLToPath(new URL('../schemas', import.meta.url));
/** The modules of the forms' formats and patterns' engine, without their extension: the build resolves them. */
const OWN_MODULES: Record<string, string> = {
  [FORMATS_MODULE]: fileURLToPath(new URL('../common/formFormats', import.meta.url)),
  [PATTERNS_MODULE]: fileURLToPath(new URL('../common/linearRegExp', import.meta.url)),
};

/** Every schema the built-in forms validate, as FormView receives them: each screen definition's `form.schema` (locales expanded). */
export function formSchemas(): object[] {
  const screens = fs
    .readdirSync(SCREENS_DIR)
    .filter((file) => file.endsWith('.screen.json'))
    .sort()
    .map((file) => expandScreen(JSON.parse(fs.readFileSync(path.join(SCREENS_DIR, file), 'utf8')) as ScreenDefinition));
  return screens.flatMap((screen) => (screen.form ? [screen.form.schema as object] : []));
}

/**
 * The ES module of the forms' validators, compiled ahead of time with the forms' Ajv options
 * (common/ajvOptions.ts), so the browser never compiles code at run time and the page's
 * Content-Security-Policy needs no 'unsafe-eval'. It exports `FORM_VALIDATORS`, each validator
 * under the `validationKey` of its schema. Ajv's standalone code reaches its runtime helpers and
 * the formats through `require`; they become imports.
 */
export function formValidatorsModule(schemas: readonly object[] = formSchemas()): string {
  const { code, keys, modules } = validatorsSource(schemas, (_name, index) => `__module${index}`);
  const imports = modules.map((name, i) => `import * as __module${i} from ${JSON.stringify(OWN_MODULES[name] ?? `${name}.js`)};`).join('\n');
  return `${imports}\n${code}\nexport const FORM_VALIDATORS = { ${keys.join(', ')} };\n`;
}

const ID = 'virtual:form-validators';

/**
 * Serves `virtual:form-validators` (src/engine/form/validator.ts) to the build, the dev server and
 * the tests. `runTime: true` (the app's build) compiles none: every form's validators come at run
 * time with the definitions in use (server/definitions/validatorModule.ts); the unit tests, which
 * render the built-in screens without a server, compile them all.
 */
export function formValidators(options: { runTime?: boolean } = {}): Plugin {
  return {
    name: 'form-validators',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? formValidatorsModule(options.runTime ? [] : formSchemas()) : undefined),
    // The dev server compiles them again when a form's schema changes.
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(SCREENS_DIR)) return;
      const module = server.moduleGraph.getModuleById(`\0${ID}`);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}
