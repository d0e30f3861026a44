import Ajv from 'ajv';
import { screenMetaSchema, type ScreenDefinition } from './screenDefinition.js';

let validate: ReturnType<Ajv['compile']> | undefined;

/**
 * Checks screen definitions (keyed by file path) against the meta-schema and that each file is
 * named after its resource; throws one error listing every problem with file and JSON path.
 */
export function validateScreens(files: Record<string, unknown>): ScreenDefinition[] {
  validate ??= new Ajv({ allErrors: true, strict: false }).compile(screenMetaSchema);
  const problems: string[] = [];
  const screens: ScreenDefinition[] = [];
  for (const [file, definition] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!validate(definition)) {
      for (const error of validate.errors ?? []) problems.push(`${file}: ${error.instancePath || '/'} ${error.message}`);
      continue;
    }
    const screen = definition as ScreenDefinition;
    const base = file.split('/').pop()!;
    if (base !== `${screen.resource}.screen.json`) problems.push(`${file}: file name must be ${screen.resource}.screen.json`);
    screens.push(screen);
  }
  if (problems.length) throw new Error(`Invalid screen definitions:\n${problems.join('\n')}`);
  return screens;
}
