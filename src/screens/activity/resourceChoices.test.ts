import { describe, expect, it } from 'vitest';
import { allScreens } from '../../engine/resource/definitions';
import { resourceChoices, screenOfResource } from './resourceChoices';

describe('resourceChoices', () => {
  it('offers each resource of the menu once by its API name and menu label, and the screens’ publishes', () => {
    const choices = resourceChoices(allScreens());
    const values = choices.map((choice) => choice.value);
    expect(new Set(values).size).toBe(values.length);
    expect(choices).toEqual(
      expect.arrayContaining([
        { value: 'books', label: 'screens.reading-sheets.menu' },
        { value: 'genres', label: 'screens.genres.menu' },
        { value: 'demands', label: 'screens.requests.menu' },
        { value: 'screens', label: 'screens.studio.menu' },
      ]),
    );
  });

  it('names the screen whose labels name a resource’s fields: the one with its form, the sheets’ too', () => {
    expect(screenOfResource(allScreens(), 'books')).toBe('reading-sheets');
    expect(screenOfResource(allScreens(), 'genres')).toBe('genres');
    expect(screenOfResource(allScreens(), 'screens')).toBeUndefined();
  });
});
