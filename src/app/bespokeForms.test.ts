import { describe, expect, it } from 'vitest';
import { screenManifest as screens } from '../engine/resource/definitions';
import { BESPOKE_FORMS, bespokeFormOf } from './bespokeForms';

describe('bespoke forms', () => {
  it('register a screen for every definition whose form says bespoke, and only for those', () => {
    const bespoke = screens.filter((screen) => screen.form?.bespoke).map((screen) => screen.resource);
    expect(bespoke).toContain('reporters');
    expect(Object.keys(BESPOKE_FORMS).sort()).toEqual(bespoke.sort());
  });

  it('refuse a resource without one, naming it and where to register it', () => {
    expect(() => bespokeFormOf('genres')).toThrow(
      'schemas/genres.screen.json says "form.bespoke" but src/app/bespokeForms.ts registers no screen for "genres"',
    );
  });
});
