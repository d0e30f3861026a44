import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import { expandScreen } from '../../common/expandTranslations.js';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import { validateScreens } from '../../common/validateScreens.js';

/** The folder of the screen definitions (`schemas/*.screen.json`). */
export const SCREENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas');

const SCREEN_FILE = /\.screen\.json$/;

/**
 * Reads every `*.screen.json` of `dir` (default `schemas/`), expands its locales
 * (common/expandTranslations.ts) and validates it against the meta-schema
 * (common/validateScreens.ts, also run by the client build). Fails fast with one error naming each
 * file and JSON path at fault, or a file that is not JSON. Returns the screens by resource.
 */
export function loadScreens(dir: string = SCREENS_DIR): Map<string, ScreenDefinition> {
  const files: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of fs.readdirSync(dir).filter((file) => SCREEN_FILE.test(file))) {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      problems.push(`schemas/${name}: / is not valid JSON (${(error as Error).message})`);
      continue;
    }
    try {
      files[`schemas/${name}`] = expandScreen(upgradeDefinition(json));
    } catch (error) {
      problems.push(`schemas/${name}: ${(error as Error).message}`);
    }
  }
  if (problems.length) throw new Error(`Invalid screen definitions:\n${problems.join('\n')}`);
  return new Map(validateScreens(files).map((screen) => [screen.resource, screen]));
}

/**
 * The built-in definitions as their files hold them (locales not expanded), by resource: version 0
 * of each screen, and what a published definition is compared with and exported as.
 */
export function loadScreenFiles(dir: string = SCREENS_DIR): Map<string, Record<string, unknown>> {
  const files = new Map<string, Record<string, unknown>>();
  for (const name of fs.readdirSync(dir).filter((file) => SCREEN_FILE.test(file))) {
    const json = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
    files.set(String(json.resource), json);
  }
  return files;
}
