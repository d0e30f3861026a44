import { describe, expect, it } from 'vitest';
import { SCREEN_SCHEMA_VERSION } from '../../common/screenDefinition';
import { upgradeDefinition } from '../../common/upgradeDefinition';
import { checkContext, checkScreen } from '../../server/definitions/checkDefinitions';
import { loadScreenFiles, loadScreens } from '../../server/definitions/loadScreens';

describe('$schemaVersion', () => {
  it('is carried by every built-in definition, at the version this product writes', () => {
    for (const [resource, file] of loadScreenFiles()) expect(file.$schemaVersion, resource).toBe(SCREEN_SCHEMA_VERSION);
  });

  it('reads a definition written before the field existed as version 1, brought up to date, never refused', () => {
    const { $schemaVersion: _omitted, ...older } = loadScreenFiles().get('genres')!;
    expect(upgradeDefinition(older)).toEqual({ ...older, $schemaVersion: SCREEN_SCHEMA_VERSION });
    expect(checkScreen(older, checkContext(loadScreens().values()))).toEqual([]);
  });

  it('refuses a definition written for a newer meta-schema than this product reads, at its path', () => {
    const newer = { ...loadScreenFiles().get('genres')!, $schemaVersion: SCREEN_SCHEMA_VERSION + 1 };
    expect(upgradeDefinition(newer)).toBe(newer);
    expect(checkScreen(newer, checkContext(loadScreens().values()))).toEqual([
      { path: '$schemaVersion', message: expect.stringContaining(String(SCREEN_SCHEMA_VERSION)) },
    ]);
  });
});
