import { SCREEN_SCHEMA_VERSION } from './screenDefinition.js';

type Json = Record<string, unknown>;

/**
 * The steps that bring a definition written for one meta-schema version to the next, by the
 * version they start from: a definition published under an older product keeps working after an
 * upgrade. Each step is a pure function of the definition; none yet, version 1 being the first.
 */
const UPGRADES: Record<number, (definition: Json) => Json> = {};

/**
 * A stored definition as the current meta-schema reads it: its `$schemaVersion` (1 when absent)
 * raised to SCREEN_SCHEMA_VERSION through each upgrade step in turn. A version newer than this
 * product knows is left as it is, and the meta-schema says so at `$schemaVersion`.
 */
export function upgradeDefinition<T>(definition: T): T {
  if (!definition || typeof definition !== 'object' || Array.isArray(definition)) return definition;
  let current = definition as Json;
  const written = typeof current.$schemaVersion === 'number' ? current.$schemaVersion : 1;
  if (written > SCREEN_SCHEMA_VERSION) return definition;
  for (let version = written; version < SCREEN_SCHEMA_VERSION; version++) current = UPGRADES[version]?.(current) ?? current;
  return { ...current, $schemaVersion: SCREEN_SCHEMA_VERSION } as T;
}
