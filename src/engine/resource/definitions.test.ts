import { describe, expect, it } from 'vitest';
import { routePathByName, screenOf } from './definitions';

describe('routePathByName', () => {
  it('finds the path of a list or form route the screen definitions declare', () => {
    expect(routePathByName('readingSheets-save')).toBe('/reading-sheet/:id?');
    expect(routePathByName('genre-index')).toBe('/genres');
    expect(routePathByName('genre-save')).toBe(screenOf('genres').routes.form?.path);
  });

  it('throws on a name no definition declares', () => {
    expect(() => routePathByName('readingSheet-save')).toThrow('No screen definition in schemas/ declares the route "readingSheet-save"');
  });
});
