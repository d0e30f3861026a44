import { describe, expect, it } from 'vitest';
import { createPath, formPath, NEW_ID, routeRecordId } from './paths';

describe('screen paths', () => {
  it('fills a form route with an id', () => {
    expect(formPath('/genre/:id?', 4)).toBe('/genre/4');
    expect(formPath('/new/:id?')).toBe('/new');
  });

  it('creates on the form path without id, or with "new" when that path is the list itself', () => {
    expect(createPath('/new/:id?', '/news')).toBe('/new');
    expect(createPath('/genre/:id?', '/genres')).toBe('/genre');
    expect(createPath('/literary-prize/:id?', '/literary-prize')).toBe(`/literary-prize/${NEW_ID}`);
    expect(routeRecordId(NEW_ID)).toBeUndefined();
    expect(routeRecordId(undefined)).toBeUndefined();
    expect(routeRecordId('12')).toBe('12');
  });
});
